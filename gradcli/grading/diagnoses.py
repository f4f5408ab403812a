"""What went wrong with a wrong answer: hypotheses about typical mistakes, each tested numerically at the
points the answer was graded at, each a small function in one table (DIAGNOSES), as derivative rules are.

A diagnosis receives a Case (one variable's derivative: the points, the expected and the given values,
and what it may compare them with, each computed when first asked) and returns its evidence as a sentence,
or None. The first diagnosis in the table that holds is the one reported, so the table runs from the most
specific explanation to the most general. To add one: write `def name(case)` and add a row.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from gradcli import calc
from gradcli.grading import evaluation
from gradcli.grading.records import Record
from gradcli.lang import nodes

MAX_SUBEXPRESSIONS = 24        # chain-rule candidates tried per answer (each costs two small evaluations)
INNER = "inner_u"              # the name standing for a subexpression u of f when differentiating by it


class Finding(Record):
    """`key`: the DIAGNOSES row, the name credit rules use ("sign error"); `evidence`: its sentence."""

    FIELDS = ("key", "variable", "evidence")

    def __init__(self, key, variable, evidence):
        self.key, self.variable, self.evidence = key, variable, evidence


class Case:
    """One variable's wrong derivative at the graded points: `values` and `partials` (every variable's
    expected derivative) are {variable: (n, *shape) array}; `answer` an Expression or None (numbers). What
    depends on f alone is kept in the problem's Reference, so the next wrong answer to it reuses it."""

    def __init__(self, reference, variable, answer, values, partials, given, tolerance, abs_tolerance):
        self.reference, self.variable, self.answer = reference, variable, answer
        self.f, self.variables = reference.f, reference.variables
        self.values, self.expected, self.given = values, partials[variable], given
        self.other_partials = {name: partial for name, partial in partials.items() if name != variable}
        self.tolerance, self.abs_tolerance = tolerance, abs_tolerance
        self.count = len(given)
        self.scalar = all(not shape for shape in self.variables.values())

    def matches(self, candidate, reference=None):
        """The given answer equals `candidate` at every point (the grading comparison, tolerance included)."""
        return close(self.given if reference is None else reference, candidate, self.tolerance, self.abs_tolerance)

    @property
    def points(self):
        return f"all {self.count} points"

    def _of_f(self, what, compute):
        """f's `what` at these points, computed once per problem (an EvaluationError is kept too)."""
        key = (what, self.variable, self.count)
        if key not in self.reference.memo:
            try:
                self.reference.memo[key] = compute()
            except evaluation.EvaluationError as error:
                self.reference.memo[key] = error
        found = self.reference.memo[key]
        if isinstance(found, evaluation.EvaluationError):
            raise found
        return found

    @property
    def f_value(self):
        return self._of_f("value", lambda: evaluation.values(self.f, self.variables, self.values))

    @property
    def second_derivative(self):
        """d2f/dx2 elementwise (scalar variables only)."""
        return self._of_f("second derivative", lambda: evaluation.derivatives(
            self.f, self.variables, self.values, self.variable, order=2))

    @property
    def inner_derivatives(self):
        return self._of_f("inner derivatives", lambda: list(evaluation.inner_derivatives(
            self.f, self.variables, self.values, self.variable, subexpressions(self.f), INNER)))

    @cached_property
    def answer_derivative(self):
        return evaluation.derivatives(self.answer, self.variables, self.values, self.variable)


def close(given, candidate, tolerance, abs_tolerance):
    candidate = np.asarray(candidate, dtype=np.float64)
    if candidate.shape != np.shape(given) or not np.isfinite(candidate).all():
        return False
    return bool(np.all(np.abs(given - candidate) <= abs_tolerance + tolerance * np.abs(candidate)))


# ---- the diagnoses ----------------------------------------------------------------------------------------


def not_differentiated(case):
    if case.scalar and case.matches(case.f_value):
        return f"the answer equals f itself at {case.points}: it was not differentiated"
    return None


def integrated_instead(case):
    if case.scalar and case.answer is not None and case.matches(case.answer_derivative, reference=case.f_value):
        return (f"d/d{case.variable} of the answer equals f at {case.points}: "
                f"it was integrated instead of differentiated")
    return None


def differentiated_twice(case):
    if case.scalar and case.matches(case.second_derivative):
        return f"the answer equals d2f/d{case.variable}2 at {case.points}: it was differentiated twice"
    return None


def other_variable(case):
    for name, derivative in case.other_partials.items():
        if case.matches(derivative):
            return (f"the answer equals df/d{name} at {case.points}: "
                    f"it is the derivative with respect to {name}, not {case.variable}")
    return None


def transposed_jacobian(case):
    if case.expected.ndim >= 3 and case.expected.shape[-1] == case.expected.shape[-2] \
            and case.matches(np.swapaxes(case.expected, -1, -2)):
        return f"the answer is the transpose of the derivative at {case.points} (a transposed Jacobian)"
    return None


def chain_factor_missing(case):
    """The answer is df/du at u = g(x) for a subexpression u of f (every other occurrence of x still
    differentiated): the rule's last step, multiplying by du/dx, was forgotten."""
    if not case.scalar or case.answer is None:
        return None
    for source, by_inner, total_without_factor in case.inner_derivatives:
        if case.matches(by_inner) or case.matches(total_without_factor):
            return (f"the answer equals df/du at u = {source} at {case.points}: "
                    f"the chain rule's inner factor d({source})/d{case.variable} is missing")
    return None


def sign_error(case):
    if case.matches(-case.expected) and not case.matches(case.expected):
        return f"the answer is -1 x the derivative at {case.points}: a sign error"
    return None


def constant_factor(case):
    factor = _constant(case.given, case.expected, np.divide)
    if factor is not None and abs(factor) > case.tolerance and abs(factor - 1) > case.tolerance \
            and case.matches(factor * case.expected):
        return f"the answer is {factor:.6g} x the derivative at {case.points}: a constant factor"
    return None


def off_by_constant(case):
    offset = _constant(case.given, case.expected, np.subtract)
    if offset is not None and not case.matches(case.expected) and case.matches(case.expected + offset):
        return f"the answer minus the derivative is {offset:.6g} at {case.points}: off by a constant"
    return None


def partly_right(case):
    """Right on one side of a threshold (of x or |x|) and wrong on the other: a branch or an absolute value
    handled on one side only."""
    agrees = (np.abs(case.given - case.expected) <= case.abs_tolerance + case.tolerance * np.abs(case.expected)
              ).reshape(case.count, -1).all(axis=1)
    if agrees.sum() < 2 or agrees.all():
        return None
    for name, shape in case.variables.items():
        if shape:
            continue
        for label, measure in ((name, case.values[name]), (f"|{name}|", np.abs(case.values[name]))):
            right, wrong = measure[agrees], measure[~agrees]
            if wrong.max() < right.min() or wrong.min() > right.max():
                return (f"right at {agrees.sum()} of {case.count} points, where {label} is in "
                        f"[{right.min():.3g}, {right.max():.3g}], and wrong at the {(~agrees).sum()} where it is in "
                        f"[{wrong.min():.3g}, {wrong.max():.3g}]: right except on part of the domain")
    return None


DIAGNOSES = {
    "not differentiated": not_differentiated,
    "integrated instead": integrated_instead,
    "differentiated twice": differentiated_twice,
    "derivative w.r.t. another variable": other_variable,
    "transposed Jacobian": transposed_jacobian,
    "chain rule inner factor missing": chain_factor_missing,
    "sign error": sign_error,
    "constant factor": constant_factor,
    "off by a constant": off_by_constant,
    "right except on part of the domain": partly_right,
}


def diagnose(case):
    """The first diagnosis that holds, as a Finding, or None. A diagnosis that cannot be evaluated (the
    mistaken expression fails where f does not) simply does not hold; none holds for a right answer."""
    if case.matches(case.expected):
        return None
    for key, diagnosis in DIAGNOSES.items():
        try:
            evidence = diagnosis(case)
        except evaluation.EvaluationError:
            continue
        if evidence:
            return Finding(key, case.variable, evidence)
    return None


def findings(reference, answers, values, partials, given, tolerance, abs_tolerance):
    """A Finding for each variable whose given derivative is wrong at some point and has an explanation.
    `answers` {variable: Expression or numbers}; `values`, `partials` (f's derivative) and `given` (the
    answer's) {variable: (n, *shape) array} at the graded points."""
    found = []
    for name, answer in answers.items():
        if close(given[name], partials[name], tolerance, abs_tolerance):
            continue
        expression = answer if isinstance(answer, evaluation.Expression) else None
        finding = diagnose(Case(reference, name, expression, values, partials, given[name], tolerance,
                                abs_tolerance))
        if finding:
            found.append(finding)
    return found


# ---- helpers ----------------------------------------------------------------------------------------------


def _constant(given, expected, combine):
    """The median of combine(given, expected) over the elements where expected is not near zero, or None."""
    usable = np.abs(expected) > 1e-9 * (np.abs(expected).max() + 1e-300)
    if not usable.any():
        return None
    with np.errstate(all="ignore"):
        value = _median(combine(given[usable], expected[usable]))
    return value if np.isfinite(value) else None


def _median(numbers):
    """float(np.median(numbers)), the same bits (the middle number, or the mean of the two middle ones; NaN
    if any is), without the import of numpy.ma that np.median makes, tens of milliseconds in each process."""
    ordered = np.sort(numbers, axis=None)
    if np.isnan(ordered[-1]):  # sorted last
        return float("nan")
    middle = len(ordered) // 2
    return float(ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2)


def subexpressions(f):
    """(source, span) of f's compound subexpressions that read a variable, outermost first, f itself
    excluded: the candidates u for a forgotten inner factor."""
    variables = set(f.free_names)
    found = []

    def reads_variable(node):
        return any(name in variables for name, _ in _names(node))

    def walk(node, top):
        if isinstance(node, list):
            for item in node:
                walk(item, top)
            return
        if not isinstance(node, nodes.Node):
            return
        if not top and isinstance(node, (nodes.BinOp, nodes.UnaryOp, nodes.Call)) \
                and node.span.line == node.span.end_line and reads_variable(node):
            found.append(node.span)
        for value in node.fields().values():
            walk(value, False)

    walk(f.program.body[-1].value, True)
    line = f.program.lines
    return [(line[span.line - 1][span.col:span.end_col], span) for span in dict.fromkeys(found)][:MAX_SUBEXPRESSIONS]


def _names(node):
    return calc.names_read([node])
