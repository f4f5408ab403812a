"""Expressions of the calculator's language evaluated at many points: parsed once, evaluated for all points
at once where that is right (`batched`), else point by point; the values and derivatives the diagnoses test
hypotheses with (an EvaluationError there: the hypothesis simply does not hold), and curves for plots."""

from __future__ import annotations

import functools

import numpy as np

from gradcli import calc
from gradcli.lang import nodes

BATCH_AGREEMENT = dict(rtol=1e-9, atol=1e-12, equal_nan=True)


class ProblemError(Exception):
    """This problem cannot be graded; the others still are."""


class Expression:
    """An expression of the calculator's language, parsed once and evaluated at many points. The parse of a
    source is kept (a roster's students often write the same answer), so it is parsed once per process.
    `per_point`: the expression is one that `batched` evaluates for all points at once without a check."""

    def __init__(self, source, label):
        self.label = label
        self.calculator = calc.calculator("float64")
        try:
            self.program, self.names, self.free_names, self.per_point = _parsed(source)
        except calc.CalcError as error:  # its message speaks of the calculator's argument, EXPR
            raise ProblemError(error.message.replace("EXPR", label, 1)) from None

    def __call__(self, bindings, count=None):
        """The value for `bindings`; `count` points stacked along the tensors' last axis (see `batched`)."""
        if count is not None and self.per_point:
            bindings = {**_reductions_per_point(), **bindings}  # a variable named sum is still the variable
        calculator = self.calculator
        value = self.program.run(calculator.expression_interpreter(bindings) if self.per_point
                                 else calculator.interpreter(bindings))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return calc.torch_namespace().tensor(float(value), dtype=self.calculator.dtype)
        if not isinstance(value, calc.torch_namespace().Tensor):
            raise ProblemError(f"{self.label} gives a {type(value).__name__}, not a tensor or a number")
        return value

    def describe(self, error):
        """An exception raised while evaluating, in the expression's terms (a caret under its failing part)."""
        return f"{self.label}: {calc.describe_exception(error, self.program.lines)}"


@functools.lru_cache(maxsize=8192)
def _parsed(source):
    calculator = calc.calculator("float64")
    program = calc.Program(source, statements=False)
    read = _names_if_per_point(program.body[-1].value, calculator)
    per_point = read is not None
    if not per_point:
        read = [name for name, _ in calc.names_read(program.body)]
    names = list(dict.fromkeys(read))
    return program, names, [name for name in names if not calculator.has(name)], per_point


# Functions that act on each element alone: an expression made of these, numbers, variables, pi, e and
# arithmetic gives, for a vector of points, exactly the vector of its values at each point.
ELEMENTWISE = frozenset("""abs sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh exp exp2 expm1 log log2
    log10 log1p sqrt rsqrt sigmoid relu erf erfc sign square reciprocal neg sinc pow maximum minimum atan2
    hypot ln arcsin arccos arctan arctan2 arcsinh arccosh arctanh sec csc cot""".split())
# Reductions of all of a tensor's elements. For points stacked along a last axis they are bound to
# `_reductions_per_point`'s, which reduce each point's elements alone, row by row as the engine reduces one
# tensor: the same bits.
REDUCTIONS = ("sum", "mean")


def _names_if_per_point(node, calculator):
    """The names the expression reads, in source order (calc.names_read's), when it is made only of numbers,
    variables, pi, e, arithmetic, ELEMENTWISE functions and REDUCTIONS of one argument; else None. Such an
    expression is `per_point`: for points stacked along the last axis of every variable, each point's value
    is exactly its value alone (broadcasting aligns the last axes, so points meet points)."""
    names, stack = [], [node]
    while stack:  # each node is checked alone, so a tree of any depth is walked without recursion
        node = stack.pop()
        if isinstance(node, nodes.Name):
            if calculator.has(node.id) and node.id not in ("pi", "e"):
                return None
            names.append(node.id)
        elif isinstance(node, nodes.Constant):
            if not isinstance(node.value, (int, float)) or isinstance(node.value, bool):
                return None
        elif isinstance(node, nodes.BinOp) and node.op in ("+", "-", "*", "/", "**"):
            stack += (node.right, node.left)  # popped left first: source order
        elif isinstance(node, nodes.UnaryOp) and node.op in ("-", "+"):
            stack.append(node.operand)
        elif (isinstance(node, nodes.Call) and isinstance(node.func, nodes.Name) and not node.keywords
              and (node.func.id in ELEMENTWISE or node.func.id in REDUCTIONS and len(node.args) == 1)):
            names.append(node.func.id)
            stack += reversed(node.args)  # a *starred argument is no node above: not per point
        else:
            return None
    return names


@functools.cache
def _reductions_per_point():
    """{name: the reduction of each point's elements} for REDUCTIONS, given points stacked along the last
    axis: the points moved to the first axis, each point's elements (after an axis of one, so that a point
    that is one number is reduced as a 0-d tensor is) reduced as the engine reduces one tensor."""
    calculator = calc.calculator("float64")
    torch = calc.torch_namespace()

    def reduction_of(name):
        whole = calculator.names[name]

        def reduce(x):
            if not isinstance(x, torch.Tensor) or x.ndim == 0:  # a number is the same at every point
                return whole(x)
            points_first = x.permute(x.ndim - 1, *range(x.ndim - 1)).unsqueeze(1)
            return getattr(torch, name)(points_first, dim=tuple(range(1, x.ndim + 1)))

        return reduce

    return {name: reduction_of(name) for name in REDUCTIONS}


def batched(evaluate, expression, variables, values):
    """`evaluate` for all points at once, or None when that cannot be trusted: each variable's points stacked
    along its last axis, once for an expression that is `per_point`, and otherwise, with scalar variables
    only, checked against its first and last points evaluated alone (two points: a reduction over the batch,
    such as min(x), cannot make both of them look right). An exception: None, so that the points evaluated
    one by one say what is wrong."""
    if not expression.per_point and any(variables[name] for name in variables):
        return None
    count = point_count(values)
    try:
        together = evaluate(expression, variables, values, count=count)
    except Exception:  # e.g. a condition on a tensor of several points; one by one will say what is wrong
        return None
    if expression.per_point:
        return together
    for index in dict.fromkeys((0, count - 1)):
        alone = evaluate(expression, variables, {name: array[index] for name, array in values.items()})
        if not all(np.allclose(together[name][index], alone[name], **BATCH_AGREEMENT) for name in together):
            return None
    return together


def point_count(values):
    return len(next(iter(values.values())))


def leaves(values, requires_grad, count=None):
    """{variable: float64 tensor} of {variable: array}: one point's value, or, given `count`, (count, *shape)
    arrays of points stacked along a last axis instead, as `batched` evaluates them. Each is a copy (an
    expression's in-place operation leaves the points alone) made into a tensor as torch.tensor makes it, in
    the same memory layout, without its inspection of the data (a fifth of the time of a short evaluation)."""
    torch = calc.torch_namespace()
    return {name: torch.from_numpy(np.array(array if count is None else _points_last(array), dtype=np.float64))
            .requires_grad_(requires_grad) for name, array in values.items()}


def _points_last(array):
    return array if array.ndim == 1 else array.transpose(*range(1, array.ndim), 0)


def by_point(tensor, shape, count=None):
    """A value of `shape` at each point as a float64 array: (count, *shape) for `count` points stacked along
    the tensor's last axis (a 0-d tensor is one number, the same at every point), else `shape`. A value of
    another shape that broadcasts to `shape` is broadcast; one that does not is a ValueError."""
    array = tensor.detach().numpy().astype(np.float64)
    if count is not None and array.ndim:
        array = array.transpose(array.ndim - 1, *range(array.ndim - 1))  # the points first
        array = array.reshape(array.shape[:1] + (1,) * (len(shape) + 1 - array.ndim) + array.shape[1:])
    wanted = shape if count is None else (count, *shape)
    return array if array.shape == wanted else np.broadcast_to(array, wanted).copy()


def ones_like(output):
    """The grad_outputs that make autograd.grad give each point's derivative of a value per point (as the
    gradient of its sum would, without the sum)."""
    return calc.torch_namespace().from_numpy(np.ones(output.shape))


class EvaluationError(Exception):
    pass


def at_points(evaluate, expression, variables, values):
    """{key: (n, ...) array}: evaluate(expression, variables, values, count=None) -> {key: array}, for every
    point of `values` ({variable: (n, *shape) array}): all at once when `batched` trusts it, else one by one."""
    together = batched(evaluate, expression, variables, values)
    if together is not None:
        return together
    rows = [evaluate(expression, variables, {name: array[i] for name, array in values.items()})
            for i in range(point_count(values))]
    return {key: np.stack([row[key] for row in rows]) for key in rows[0]}


def _hypothesis(evaluate, expression, variables, values):
    """at_points for a diagnosis: a failure is an EvaluationError, so the hypothesis does not hold."""
    try:
        return at_points(evaluate, expression, variables, values)
    except (ProblemError, ArithmeticError, ValueError, TypeError, RuntimeError) as error:
        raise EvaluationError(str(error)) from None


def values(expression, variables, points):
    """The expression's value at each point (an array of n numbers)."""
    def evaluate(expression, _variables, at, count=None):
        return {"value": by_point(expression(leaves(at, False, count), count), (), count)}

    return _hypothesis(evaluate, expression, variables, points)["value"]


def derivatives(expression, variables, points, variable, order=1):
    """d^order/d variable^order of the expression at each point (order 2 for scalar variables only)."""
    return partials(expression, variables, points, (variable,), order)[0]


def partials(expression, variables, points, names, order=1):
    """derivatives(...) by each variable of `names`, from one evaluation and one backward pass for all."""
    torch = calc.torch_namespace()

    def evaluate(expression, variables, at, count=None):
        inputs = leaves(at, True, count)
        output = expression(inputs, count)
        found = (torch.autograd.grad(output, [inputs[name] for name in names], ones_like(output), create_graph=True,
                                     allow_unused=True) if output.requires_grad else [None] * len(names))
        for _ in range(order - 1):
            found = [None if d is None or not d.requires_grad else
                     torch.autograd.grad(d, [inputs[name]], ones_like(d), create_graph=True, allow_unused=True)[0]
                     for name, d in zip(names, found)]
        return {name: np.zeros(np.shape(at[name])) if d is None else by_point(d, variables[name], count)
                for name, d in zip(names, found)}

    found = _hypothesis(evaluate, expression, variables, points)
    return [found[name] for name in names]


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
            du, dx = partials(by_u, shapes, at, (inner, variable))
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
