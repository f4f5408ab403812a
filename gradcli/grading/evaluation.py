"""Evaluating an expression and its derivatives at many points, for the diagnoses: all points at once where
that is right (see check_grade's `_batched`), else point by point. Any failure is an EvaluationError: the
hypothesis that needed the value simply does not hold."""

from __future__ import annotations

import numpy as np

from gradcli.cli import calc
from gradcli.cli.check_grade import Expression, ProblemError, _batched, _count


class EvaluationError(Exception):
    pass


def at_points(evaluate, expression, variables, values):
    """{key: (n, ...) array}: evaluate(expression, variables, values, batch=None) -> {key: array}, for every
    point of `values` ({variable: (n, *shape) array})."""
    try:
        together = _batched(evaluate, expression, variables, values)
        if together is not None:
            return together
        rows = [evaluate(expression, variables, {name: array[i] for name, array in values.items()})
                for i in range(_count(values))]
    except (ProblemError, ArithmeticError, ValueError, TypeError, RuntimeError) as error:
        raise EvaluationError(str(error)) from None
    return {key: np.stack([row[key] for row in rows]) for key in rows[0]}


def _leaves(values, requires_grad):
    torch = calc._torch()
    return {name: torch.tensor(array, dtype=torch.float64, requires_grad=requires_grad)
            for name, array in values.items()}


def _numbers(tensor, shape):
    return np.broadcast_to(tensor.detach().numpy().astype(np.float64), shape).copy()


def values(expression, variables, points):
    """The expression's value at each point (an array of n numbers)."""
    def evaluate(expression, _variables, at, batch=None):
        output = expression(_leaves(at, False))
        return {"value": _numbers(output, () if batch is None else (batch,))}

    return at_points(evaluate, expression, variables, points)["value"]


def derivatives(expression, variables, points, variable, order=1):
    """d^order/d variable^order of the expression at each point (order 2 for scalar variables only)."""
    torch = calc._torch()

    def evaluate(expression, _variables, at, batch=None):
        leaves = _leaves(at, True)
        output = expression(leaves)
        derivative = output
        for _ in range(order):
            if not derivative.requires_grad:
                return {"d": np.zeros(np.shape(at[variable]))}
            (derivative,) = torch.autograd.grad(derivative.sum(), [leaves[variable]], create_graph=True,
                                                allow_unused=True)
            if derivative is None:
                return {"d": np.zeros(np.shape(at[variable]))}
        return {"d": _numbers(derivative, np.shape(at[variable]))}

    return at_points(evaluate, expression, variables, points)["d"]


def inner_derivatives(f, variables, points, variable, subexpressions, inner):
    """For each (source, span) of a subexpression u = g(x) of f: (source, df/du, df/dx with u held + df/du)
    at every point, where f is rewritten with the name `inner` in place of u and u's values are g's."""
    line = f.program.lines
    for source, span in subexpressions:
        text = line[span.line - 1]
        rewritten = "\n".join([*line[:span.line - 1], text[:span.col] + inner + text[span.end_col:], *line[span.line:]])
        try:
            g = Expression(source, "u")
            by_u = Expression(rewritten, "f")
            at = {**points, inner: values(g, variables, points)}
            shapes = {**variables, inner: ()}
            du = derivatives(by_u, shapes, at, inner)
            dx = derivatives(by_u, shapes, at, variable)
        except (ProblemError, EvaluationError):
            continue
        yield source, du, dx + du


def curves(f, answer, variables, variable, interval, fixed, count=160):
    """(x, expected, given): the derivative by `variable` and the answer on `count` points across `interval`,
    the other variables held at `fixed`; points where either is not finite are left out."""
    grid = np.linspace(*interval, count)
    points = {name: np.full(count, float(fixed[name])) for name in variables if name != variable}
    points[variable] = grid
    expected = derivatives(f, variables, points, variable)
    given = values(answer, variables, points)
    finite = np.isfinite(expected) & np.isfinite(given)
    return grid[finite], expected[finite], given[finite]


def answer_curves(spec, result):
    """[(variable, curves(...))] for each scalar variable the graded answer gives as an expression, the other
    variables held at the worst point; [] when there is nothing to draw (an error, numbers, vectors)."""
    if result.worst is None:
        return []
    variables = {name: np.shape(value) for name, value in result.worst.values.items()}
    if any(variables.values()):
        return []
    given = spec.answer if isinstance(spec.answer, dict) else {next(iter(result.worst.given)): spec.answer}
    f = Expression(spec.f, "f")
    drawn = []
    for variable, source in given.items():
        if not isinstance(source, str):
            continue
        interval = spec.ranges.get(variable, spec.default_range)
        try:
            drawn.append((variable, curves(f, Expression(source, "answer"), variables, variable, interval,
                                           result.worst.values)))
        except EvaluationError:
            continue
    return [(variable, curve) for variable, curve in drawn if len(curve[0])]
