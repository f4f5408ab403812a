"""Grading one problem: its reference derivative by autograd at seeded stratified points, compared with the
given answer. Expressions are those of the calculator (its namespace, float64), each parsed once.

For speed, a problem is evaluated for all its points at once, each variable's points stacked along a last
axis (f then gives every point's derivative in one backward pass; see evaluation.batched for when that is
trusted), and a problem's points and reference derivative are computed once however many answers are graded
(Reference). Where f is not defined on all of its range, the range is
probed first (probing); a wrong answer is explained by the diagnoses.
"""

from __future__ import annotations

import math
import zlib
from functools import cached_property

import numpy as np

from gradcli import calc
from gradcli.grading import seeded
from gradcli.grading.records import Record
from gradcli.grading.evaluation import (Expression, ProblemError, at_points, batched, by_point, leaves, ones_like,
                                        point_count)

MAX_FAILED_DRAWS = 10


class Point(Record):
    """One graded point: `values` {variable: float64 array}, `expected` {variable: the autograd derivative},
    `given` {variable: the answer's}; `error` the relative error |a - b| / (|b| + abs_tolerance / tolerance)
    of the worst element; `agrees`: error <= tolerance."""

    FIELDS = ("values", "expected", "given", "error", "explicit", "agrees")

    def __init__(self, values, expected, given=None, error=0.0, explicit=False, agrees=True):
        self.values, self.expected, self.given = values, expected, {} if given is None else given
        self.error, self.explicit, self.agrees = error, explicit, agrees


class Graded(Record):
    """The points an answer was graded at, as they were computed: each variable's numbers stacked over the
    points, {variable: (n, *shape) float64 array}: `values`, `expected` (f's derivative), `given` (the
    answer's, for the variables it gives); `errors` each point's relative error (the worst over its elements
    and variables); the points from `first_explicit` on are the explicit ones. A Result makes its Points
    from them only when asked (JSON and the table show only the worst point), and a worker process sends
    them back as these few arrays."""

    FIELDS = ("values", "expected", "given", "errors", "first_explicit", "tolerance")

    def __init__(self, values, expected, given, errors, first_explicit, tolerance):
        self.values, self.expected, self.given, self.errors = values, expected, given, errors
        self.first_explicit, self.tolerance = first_explicit, tolerance

    @property
    def worst(self):
        """The index of the point with the largest error (the first of them)."""
        return int(np.argmax(self.errors))

    def __getstate__(self):
        """How a worker process sends it back (grading.parallel): every number in one buffer, for pickled one
        by one, its few small arrays cost more to send than the rest of the Result."""
        tables = (self.values, self.expected, self.given)
        arrays = [*(array for table in tables for array in table.values()), self.errors]
        return ([list(table) for table in tables], [array.shape for array in arrays],
                b"".join(array.astype(np.float64, copy=False).tobytes() for array in arrays),
                self.first_explicit, self.tolerance)

    def __setstate__(self, state):
        names, shapes, numbers, self.first_explicit, self.tolerance = state
        flat, start, arrays = np.frombuffer(numbers, dtype=np.float64).copy(), 0, []
        for shape in shapes:
            size = math.prod(shape)
            arrays.append(flat[start:start + size].reshape(shape))
            start += size
        self.errors = arrays.pop()
        tables = []
        for table in names:
            tables.append(dict(zip(table, arrays)))
            del arrays[:len(table)]
        self.values, self.expected, self.given = tables

    def point(self, i):
        error = float(self.errors[i])
        return Point(*({name: array[i] for name, array in numbers.items()}
                       for numbers in (self.values, self.expected, self.given)),
                     error, i >= self.first_explicit, error <= self.tolerance)


class Result(Record):
    """A problem's grade: `status` "pass", "fail" or "error"; `findings` (diagnoses.Finding) what went wrong,
    for a fail; `graded` the points (None for an error)."""

    FIELDS = ("name", "file", "status", "message", "findings", "graded")

    def __init__(self, name, file, status, message="", findings=None, graded=None):
        self.name, self.file, self.status, self.message = name, file, status, message
        self.findings = [] if findings is None else findings
        self.graded = graded

    @property
    def ok(self):
        return self.status == "pass"

    @cached_property
    def worst(self):
        """The Point with the largest error, or None for an error."""
        return None if self.graded is None else self.graded.point(self.graded.worst)

    @cached_property
    def points(self):
        """Every graded Point, the explicit ones last ([] for an error)."""
        graded = self.graded
        if graded is None:
            return []
        return [self.worst if i == graded.worst else graded.point(i) for i in range(len(graded.errors))]

    def __getstate__(self):
        """How a worker process sends a Result back (grading.parallel): the Points are made again from `graded`."""
        return {key: value for key, value in self.__dict__.items() if key not in ("worst", "points")}


def grade(spec):
    """The Result of one ProblemSpec: pass, fail (with the points that differ) or error (with why)."""
    try:
        return _graded(spec)
    except ProblemError as error:
        return Result(spec.name, spec.file, "error", str(error).rstrip())


def _graded(spec):
    reference = Reference.of(spec)
    variables, f = reference.variables, reference.f
    answers = _answers(spec, variables, f)
    numeric = any(isinstance(answer, np.ndarray) for answer in answers.values())
    if numeric and not spec.at:
        raise ProblemError("answers given as numbers need explicit points: add at = [{ x = ... }]")
    values, expected = reference.stacked(numeric)
    given, errors = _compare(spec, answers, variables, values, expected)
    count = len(errors)
    graded = Graded(values, expected, given, errors, count - len(spec.at), spec.tolerance)
    failed = count - int(np.count_nonzero(errors <= spec.tolerance))
    if failed:
        from gradcli.grading import diagnoses  # here: only a wrong answer loads it, not every check's start

        findings = diagnoses.findings(reference, answers, values, expected, given, spec.tolerance,
                                      spec.abs_tolerance)
        return Result(spec.name, spec.file, "fail", f"differs at {failed} of {count} points", findings, graded)
    return Result(spec.name, spec.file, "pass", f"agrees at {count} points", graded=graded)


class Reference:
    """What every answer to a problem is compared with: f, its variables, the points and f's derivative
    there, each computed once however many answers are graded (a roster grades the same problem for every
    student). `memo` keeps what diagnoses compute from f alone at those points."""

    CACHE_SIZE = 4096
    _cache = {}

    def __init__(self, spec):
        self.spec = spec
        self.f = Expression(spec.f, "f")
        self.variables = _variables(spec, self.f)
        self.memo = {}
        self._sampled = self._explicit = None
        self._stacked = {}

    @classmethod
    def of(cls, spec):
        key = (spec.name, spec.f, spec.points, spec.seed, spec.default_range, tuple(spec.ranges.items()),
               tuple(spec.shapes.items()), repr(spec.at), tuple(spec.answer) if isinstance(spec.answer, dict) else ())
        if key not in cls._cache:
            if len(cls._cache) >= cls.CACHE_SIZE:
                cls._cache.clear()
            cls._cache[key] = cls(spec)
        return cls._cache[key]

    def sampled(self):
        """({variable: (n, *shape) array} of the sampled points' values, the same of f's derivative there)."""
        if self._sampled is None:
            self._sampled = _sampled_points(self.spec, self.variables, self.f)
        return self._sampled

    def explicit(self):
        """The same at the explicit points (arrays of no points when there are none)."""
        if self._explicit is None:
            self._explicit = _checked_explicit(_explicit_points(self.spec, self.variables), self.variables, self.f)
        return self._explicit

    def stacked(self, numeric):
        """({variable: (n, *shape) array} of the values, the same of f's derivative) at the n points an answer
        is graded at: the sampled and then the explicit ones, or only the explicit ones for answers given as
        numbers. Joined once, for every answer to the problem."""
        if numeric not in self._stacked:
            parts = [part for part in ([] if numeric else [self.sampled()]) + [self.explicit()]
                     if point_count(part[0])]
            self._stacked[numeric] = parts[0] if len(parts) == 1 else tuple(
                {name: np.concatenate([part[kind][name] for part in parts]) for name in self.variables}
                for kind in range(2))
        return self._stacked[numeric]


def _variables(spec, f):
    """{variable: shape}: f's free names (scalars unless `vars` gives a shape), and the names `vars` or the
    answer's table declare, even those the calculator knows (a variable `t` hides the function t)."""
    declared = {*spec.shapes, *(spec.answer if isinstance(spec.answer, dict) else ())}
    variables = {name: () for name in f.names if name in declared or name in f.free_names}
    variables.update(spec.shapes)
    if not variables:
        known = [name for name in f.names if len(name) == 1]  # e, t: the calculator's, or meant as variables?
        raise ProblemError("f has no variables to differentiate with respect to"
                           + (f" (to make {known[0]} one, declare it: vars = {{ {known[0]} = [] }})" if known else ""))
    for name in spec.ranges:
        if name not in variables:
            raise ProblemError(f"range names unknown variable '{name}' (f's variables: {', '.join(variables)})")
    return variables


def _answers(spec, variables, f):
    """{variable: Expression or float64 array of one value per explicit point}."""
    if isinstance(spec.answer, dict):
        given = spec.answer
    elif len(variables) == 1:
        given = {next(iter(variables)): spec.answer}
    else:
        near = [f.calculator.close_to(name) for name in variables]
        hint = "; ".join(f"did you mean {n} for {v}?" for v, n in zip(variables, near) if n)
        raise ProblemError(f"f has variables {', '.join(variables)}: give answer as a table of partials, "
                           f"answer = {{ {', '.join(f'{name} = ...' for name in variables)} }}"
                           + (f" ({hint})" if hint else ""))
    answers = {}
    for name, answer in given.items():
        if name not in variables:
            raise ProblemError(f"answer names unknown variable '{name}' (f's variables: {', '.join(variables)})")
        label = f"answer for {name}" if isinstance(spec.answer, dict) else "answer"
        if isinstance(answer, str):
            answers[name] = Expression(answer, label)
            unknown = [free for free in answers[name].free_names if free not in variables]
            if unknown:
                raise ProblemError(f"{label} names unknown variable '{unknown[0]}' "
                                   f"(f's variables: {', '.join(variables)})")
        else:
            answers[name] = _numbers(answer, label, variables[name], len(spec.at))
    return answers


def _numbers(value, label, shape, count):
    try:
        array = np.array(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ProblemError(f"{label}: expected numbers, not {value!r}") from None
    if count == 1 and array.shape == shape:  # one explicit point: its value alone, without the list
        array = array[None]
    if array.shape != (count, *shape):
        raise ProblemError(f"{label} has shape {list(array.shape)}: expected {list((count, *shape))} "
                           f"(one value{' of shape ' + str(list(shape)) if shape else ''} per explicit point)")
    return array


def _explicit_points(spec, variables):
    points = []
    for point in spec.at:
        missing = [name for name in variables if name not in point]
        unknown = [name for name in point if name not in variables]
        if missing or unknown:
            raise ProblemError(f"at point {point}: " + (f"missing variable '{missing[0]}'" if missing
                                                         else f"unknown variable '{unknown[0]}'"))
        values = {}
        for name, shape in variables.items():
            values[name] = _numbers(point[name], f"at point {point}: {name}", shape, 1)[0]
            if not np.isfinite(values[name]).all():
                raise ProblemError(f"at point {point}: {name} is not finite")
        points.append(values)
    return points


# ---- the reference derivative ---------------------------------------------------------------------------


def _sampled_points(spec, variables, f):
    """spec.points points, stratified: each variable's interval (each element's, for a vector) is cut into
    spec.points equal strata and each point draws once, uniformly, inside its own stratum (a Latin
    hypercube), so the points cover the interval and never sit on grid values such as 0 or 1. When f or its
    derivative is not finite at some of them, the range is probed first (grading.probing: thousands of
    points at once) and the strata are laid over the part where f is defined, so sqrt(1 - x**2) on [-3, 3]
    is sampled across [-1, 1]. Where that cannot be done (vector variables, an f that is not evaluated for
    all points at once), a point that is not finite redraws anywhere in the interval."""
    rng = seeded.Generator(spec.seed, zlib.crc32(spec.name.encode()))
    n = spec.points
    intervals = {name: spec.ranges.get(name, spec.default_range) for name in variables}
    strata = {name: rng.permutations(n, shape) for name, shape in variables.items()}
    positions = {name: (strata[name] + rng.random(strata[name].shape)) / n for name in variables}
    values = {name: intervals[name][0] + (intervals[name][1] - intervals[name][0]) * positions[name]
              for name in variables}
    if not n:  # only explicit points
        return values, values
    expected = _reference(f, variables, values)
    pending = np.flatnonzero(~_finite_points(expected, n))
    if pending.size and not any(variables.values()):
        from gradcli.grading import probing  # here: loaded only where f is not defined at every point

        probes = _probed(spec, variables, f, intervals)
        if probes is not None:  # the whole hypercube laid over the valid part, not only the points outside it
            values = probing.stratified(probes, positions)
            pending = _finished(f, variables, values, np.arange(n), expected)
            for name, array in probing.replacements(probes, pending.size, rng).items():
                values[name][pending] = array
            pending = _finished(f, variables, values, pending, expected)
    failed_draws = np.zeros(n, dtype=int)
    while pending.size:
        failed_draws[pending] += 1
        if (failed_draws >= MAX_FAILED_DRAWS).any():
            raise ProblemError(f"cannot find enough points in the domain: f or its derivative is not finite "
                               f"at {MAX_FAILED_DRAWS} draws in a row; narrow its range")
        for name in variables:
            low, high = intervals[name]
            values[name][pending] = low + (high - low) * rng.random(values[name][pending].shape)
        pending = _finished(f, variables, values, pending, expected)
    return values, expected


def _finished(f, variables, values, pending, expected):
    """Evaluate the reference at the `pending` points; fill `expected` ({variable: (n, *shape) array}) where
    it is finite, return the rest."""
    if not pending.size:
        return pending
    derivatives = _reference(f, variables, {name: array[pending] for name, array in values.items()})
    finite = _finite_points(derivatives, pending.size)
    for name, array in derivatives.items():
        expected[name][pending[finite]] = array[finite]
    return pending[~finite]


def _finite_points(derivatives, count):
    """Whether every derivative is finite at each of `count` points ({variable: (count, *shape) array})."""
    finite = np.ones(count, dtype=bool)
    for array in derivatives.values():
        finite &= np.logical_and.reduce(np.isfinite(array.reshape(count, -1)), axis=1)  # .all(axis=1), but faster
    return finite


def _probed(spec, variables, f, intervals):
    """The valid probes of f's range (grading.probing), or None when f cannot be evaluated at all of them at
    once; a range where f is almost nowhere defined is a ProblemError saying how much of it was valid."""
    from gradcli.grading import probing

    def valid(points):
        derivatives = batched(_reference_at, f, variables, points)
        if derivatives is None:
            raise probing.DomainError(None)
        return _finite_points(derivatives, point_count(points))

    try:
        return probing.probe(valid, intervals, seeded.Generator(spec.seed, zlib.crc32(spec.name.encode()), 1))
    except probing.DomainError as error:
        if error.args[0] is None:
            return None
        raise ProblemError(str(error)) from None


def _checked_explicit(explicit, variables, f):
    """({variable: (n, *shape) array} of the explicit points' values, the same of f's derivative there)."""
    values = {name: np.array([point[name] for point in explicit]).reshape(len(explicit), *shape)
              for name, shape in variables.items()}
    if not explicit:
        return values, values
    derivatives = _reference(f, variables, values)
    for i, point in enumerate(explicit):
        if not all(np.isfinite(array[i]).all() for array in derivatives.values()):
            raise ProblemError(f"f or its derivative is not finite at the explicit point {_point_text(point)}")
    return values, derivatives


def _reference(f, variables, values):
    """{variable: derivatives, one per point} for f at `values` ({variable: array of points}); f's own value
    at a point is folded in: where it is not finite, so is every derivative."""
    return at_points(_reference_at, f, variables, values)


def _reference_at(f, variables, values, count=None):
    torch = calc.torch_namespace()
    inputs = leaves(values, True, count)
    try:
        output = f(inputs, count)
    except ProblemError:
        raise
    except Exception as error:
        raise ProblemError(f.describe(error)) from None
    if output.shape != (() if count is None else (count,)):
        raise ProblemError(f"f must give one number, but it gives shape {list(output.shape)}")
    if output.requires_grad:
        grads = torch.autograd.grad(output, list(inputs.values()), ones_like(output), allow_unused=True)
    else:  # f does not depend on its variables at all
        grads = [None] * len(inputs)
    finite = np.isfinite(output.detach().numpy())
    derivatives = {}
    for name, grad in zip(inputs, grads):
        shape = variables[name]
        derivative = np.zeros(np.shape(values[name])) if grad is None else by_point(grad, shape, count)
        derivatives[name] = np.where(finite.reshape(finite.shape + (1,) * len(shape)), derivative, np.nan)
    return derivatives


# ---- the given answer -----------------------------------------------------------------------------------


def _compare(spec, answers, variables, values, derivatives):
    """({variable: the answer's value at each point}, each point's relative error: the worst over its elements
    and the variables, inf where the answer is not finite); `values` and `derivatives` are the points'
    stacked (Reference.stacked)."""
    floor = spec.abs_tolerance / spec.tolerance  # |a - b| <= abs_tol + tol * |b|  <=>  error <= tol
    given, errors = {}, np.zeros(point_count(values))
    with np.errstate(invalid="ignore", divide="ignore"):
        for name, answer in answers.items():
            # numbers are one per explicit point, and then the explicit points are all the points
            given[name] = answer if isinstance(answer, np.ndarray) else _answer_values(answer, variables, values, name)
            expected = derivatives[name]
            error = np.where(np.isfinite(given[name]), np.abs(given[name] - expected) / (np.abs(expected) + floor),
                             np.inf)
            # a point's worst element; fmax keeps the error so far where this one is NaN (0/0 with no floor)
            errors = np.fmax(errors, error.reshape(len(errors), -1).max(axis=1, initial=0.0))
    return given, errors


def _answer_values(answer, variables, values, name):
    def evaluate(expression, _variables, at, count=None):  # _reference_at's signature, for at_points
        return {name: _answer_at(expression, at, variables[name], count)}

    return at_points(evaluate, answer, variables, values)[name]


def _answer_at(answer, values, shape, count=None):
    try:
        output = answer(leaves(values, False, count), count)
    except ProblemError:
        raise
    except Exception as error:
        raise ProblemError(answer.describe(error)) from None
    # each point's own shape: the points are the last axis, but a 0-d value is one number for every point
    own_shape = tuple(output.shape) if count is None or not output.ndim else tuple(output.shape[:-1])
    if own_shape not in (shape, ()) or count is not None and output.ndim and output.shape[-1] != count:
        raise ProblemError(f"{answer.label} has shape {list(own_shape)}, but the derivative has shape "
                           f"{list(shape)}")
    return by_point(output, shape, count)  # a number stands for every element (`0` for a vector)


def _point_text(values):
    return ", ".join(f"{name}={np.asarray(value).tolist()!r}" for name, value in values.items())
