"""f and its derivatives along one variable: the data `gradcli plot` draws.

Each sample point is its own autograd computation (the other inputs held fixed), so any expression works,
elementwise or not; derivatives of order 2 differentiate the first derivative's graph (create_graph).
"""

from __future__ import annotations

import numpy as np

import gradcli.torch as torch
from gradcli.calc.errors import CalcError, computing

MAX_ORDER = 2
SAMPLES = 121  # one per braille column of a 60-character plot, both ends included


class CurveError(CalcError):
    """Why f cannot be drawn along the variable (it does not give one number per point): a usage error."""


class Curves:
    def __init__(self, variable, xs, series, points):
        self.variable = variable
        self.xs = xs              # the sample points
        self.series = series      # {"f", "df/dx", "d2f/dx2": one value per sample point (nan where none)}
        self.points = points      # the marked points: [(x, {series name: value there})]

    def json_object(self, numbers):
        return {"variable": self.variable, "x": numbers(self.xs),
                "series": {name: numbers(ys) for name, ys in self.series.items()},
                "points": [{"x": numbers(np.float64(x)), **{name: numbers(np.float64(value))
                                                            for name, value in values.items()}}
                           for x, values in self.points]}


def sample_problem(problem, variable, low, high, order=1, points=(), samples=SAMPLES):
    """The curves of a gradcli.calc.Problem's EXPR along `variable` (bound, and the one input differentiated),
    the other inputs held at their values; an error EXPR raises is a CalcError (exit code 1)."""
    return computing(problem, sample, problem.function, variable, low, high, samples, order, points,
                     lambda value: problem.tensor(value, requires_grad=True))


def series_names(variable, order):
    """f, then df/dx and d2f/dx2 up to `order`."""
    return ["f", f"df/d{variable}", f"d2f/d{variable}2"][:order + 1]


def sample(function, variable, low, high, samples, order=1, points=(), make_input=None):
    """f = function(x) and its derivatives to `order` at `samples` evenly spaced x in [low, high], and at
    each of `points`. `make_input(value)` makes x a leaf tensor from a number or a list (float64 by default)."""
    if not 1 <= order <= MAX_ORDER:
        raise ValueError(f"order must be 1 or {MAX_ORDER}")
    make_input = make_input or (lambda value: torch.tensor(value, dtype=torch.float64, requires_grad=True))
    names = series_names(variable, order)
    xs = np.linspace(low, high, samples)
    values = _all_at_once(function, xs, order, make_input)
    if values is None:
        values = np.array([_at(function, make_input(float(x)), order) for x in xs]).reshape(samples, order + 1)
    marked = [(float(x), dict(zip(names, _at(function, make_input(float(x)), order)))) for x in points]
    return Curves(variable, xs, {name: values[:, k] for k, name in enumerate(names)}, marked)


CHECKED_SAMPLES = 3


def _all_at_once(function, xs, order, make_input):
    """The samples from one computation with x a vector, when f treats x elementwise (then the gradient of
    f's sum is each point's derivative); None when it does not. Elementwise is checked, not assumed: the
    vector's values at a few points must be those computed at each point alone (`x - mean(x)` is not)."""
    try:
        x = make_input(xs.tolist())
        y = function(x)
        if tuple(y.shape) != xs.shape:
            return None
        found, current = [y.detach().numpy()], y
        for k in range(order):
            if not current.requires_grad:
                current = torch.zeros_like(current)
            else:
                (current,) = torch.autograd.grad(current.sum(), x, create_graph=k + 1 < order, allow_unused=True,
                                                 materialize_grads=True)
            found.append(current.detach().numpy())
        values = np.stack(found, axis=1).astype(np.float64)
    except Exception:  # whatever f does with a vector (x.item(), a shape error) only means: point by point
        return None
    for i in np.linspace(0, len(xs) - 1, CHECKED_SAMPLES).astype(int):
        alone = np.array(_at(function, make_input(float(xs[i])), order))
        if not np.allclose(values[i], alone, rtol=1e-9, atol=0, equal_nan=True):
            return None
    return values


def _at(function, x, order):
    """[f(x), f'(x), ...] as floats; a derivative f does not have at x (f constant in x) is 0."""
    y = function(x)
    if y.numel() != 1:
        raise CurveError(f"f must give one number per point, but it gives shape {list(y.shape)}; "
                         "reduce it with sum(...) or mean(...)")
    found = [float(y.detach().reshape(()).item())]
    current = y.reshape(())
    for k in range(order):
        if not current.requires_grad:
            found.append(0.0)
            current = torch.zeros_like(current)
            continue
        (current,) = torch.autograd.grad(current, x, create_graph=k + 1 < order, allow_unused=True,
                                         materialize_grads=True)
        found.append(float(current.detach().item()))
    return found
