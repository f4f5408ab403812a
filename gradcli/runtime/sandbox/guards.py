"""The checks that keep scripts within their Limits: tensor sizes, integer powers, sequence repeats."""

from __future__ import annotations

import functools
import math

import numpy as np

from gradcli.engine.tensor import Tensor


SEQUENCES = (list, tuple, str)
NUMBERS = frozenset({int, float, bool})  # Python numbers: with a tensor they make no more than the tensor
# Builtins that make a collection of their argument's size -> what they make; by id, so that no script
# object's __eq__ runs.
COLLECTION_BUILDERS = {id(builder): kind for builder, kind in (
    (list, "list"), (tuple, "tuple"), (set, "set"), (frozenset, "frozenset"), (dict, "dict"), (sorted, "list"))}
MATRIX_PRODUCTS = frozenset({"matmul", "mm", "bmm"})
OUTER_PRODUCTS = frozenset({"outer", "ger"})


class Guards:
    """The checks, against one run's Limits."""

    def __init__(self, limits):
        self.limits = limits

    def too_many_elements(self, count, what="a tensor of"):
        return MemoryError(f"{what} {count:,} elements is over gradcli's limit of {self.limits.max_elements:,} "
                           "(the --max-elements option of gradcli run/eval sets it)")

    def check_result(self, value):
        """A tensor or array the script got back must fit the element cap."""
        if type(value) is Tensor:  # the common case first: this runs after every operation of a script
            count = value._data.size
        elif isinstance(value, Tensor):
            count = value.numel()
        elif isinstance(value, np.ndarray):
            count = value.size
        else:
            return value
        if count > self.limits.max_elements:
            raise self.too_many_elements(count)
        return value

    def check_call(self, function, args, kwargs):
        """Refuse a call whose result would be over the cap, before it allocates anything: a factory by its
        size arguments, an operation on several tensors by the shape their combination has."""
        if not args and not kwargs:  # `loss.backward()`, `torch.no_grad()`: at most one element to make
            return
        if len(args) == 1 and not kwargs and type(args[0]) is Tensor and getattr(function, "__self__", None) is None \
                and not _is_factory(function):
            return  # `torch.tanh(x)`: one operand, no more elements to make than it has
        if id(function) in COLLECTION_BUILDERS and len(args) == 1:
            self.check_length(_length(args[0]), COLLECTION_BUILDERS[id(function)])
            return
        estimate = _requested_elements(function, args, kwargs)
        if estimate is None:
            operands = [shape for shape in map(_shape, (getattr(function, "__self__", None), *args))
                        if shape is not None]
            if len(operands) >= 2:
                estimate = _combined_elements(getattr(function, "__name__", ""), operands)
        self._refuse_over(estimate)

    def check_length(self, length, kind):
        """A list, tuple or str the script builds must fit the element cap too (`list(range(10**9))`)."""
        if length is not None and length > self.limits.max_elements:
            raise self.too_many_elements(length, f"a {kind} of")

    def checked_operation(self, op, operation):
        """`operation` (the function of `a op b` or `a op= b`) between check_operation and check_result, as
        one call: a script's loop runs it for every operator. Its common cases skip the checks' calls."""
        check_operation, check_result, max_elements = self.check_operation, self.check_result, self.limits.max_elements
        is_matmul = op == "@"  # `@` is not bounded by its operands' elements: (n, 0) @ (0, n) makes n * n

        def apply(left, right):
            left_kind, right_kind = type(left), type(right)
            if left_kind is Tensor:
                if not (right_kind in NUMBERS  # no bigger than the tensor, which exists
                        # a broadcast has at most the product of its operands' elements
                        or right_kind is Tensor and not is_matmul
                        and left._data.size * right._data.size <= max_elements):
                    check_operation(op, left, right)
            elif right_kind is not Tensor or left_kind not in NUMBERS:
                check_operation(op, left, right)
            result = operation(left, right)
            if type(result) is Tensor and result._data.size <= max_elements:
                return result  # check_result's answer, without its call
            return check_result(result)
        return apply

    def check_operation(self, op, left, right):
        """Refuse `a op b` (or `a op= b`) over a limit before computing it, which could take the machine's
        memory and minutes: tensors and arrays make the broadcast shape of a and b (`a @ b` the matrix
        product's); sequences grow by `+` and `*`, integers by `**`."""
        left_shape = _shape(left)
        right_shape = _shape(right)
        if left_shape is not None and right_shape is not None:
            self._refuse_over(_combined_elements("matmul" if op == "@" else op, (left_shape, right_shape)))
        elif left_shape is not None or right_shape is not None:
            return  # a tensor with a number: no bigger than the tensor, which exists
        elif op == "+":
            if isinstance(left, SEQUENCES) and type(left) is type(right):
                self.check_length(len(left) + len(right), type(left).__name__)
        elif op == "*":
            self.check_repeat(left, right)
        elif op == "**":
            self.check_power(left, right)

    def _refuse_over(self, count):
        if count is not None and count > self.limits.max_elements:
            raise self.too_many_elements(count)

    def check_power(self, base, exponent):
        """Integer ** grows without bound: 10**10**10 would take the machine's memory, and hours."""
        if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
            bits = exponent * (abs(base).bit_length() - 1)  # a lower bound of the result's size
            if bits > self.limits.max_int_bits:
                raise OverflowError(f"integer result of ** too large: about {bits:,} bits, over gradcli's "
                                    f"limit of {self.limits.max_int_bits:,}")

    def check_repeat(self, left, right):
        """`[0] * n` and `'ab' * n` make n copies: the element cap applies to them too."""
        for sequence, count in ((left, right), (right, left)):
            if isinstance(sequence, SEQUENCES) and isinstance(count, int):
                self.check_length(len(sequence) * count, type(sequence).__name__)


def _length(value):
    """len(value) for a sized value, counted for a range too long for len(); else None."""
    if isinstance(value, range):
        return max(0, -((value.start - value.stop) // value.step))
    try:
        return len(value)
    except TypeError:
        return None


def _shape(value):
    """The shape of a tensor or array, else None."""
    if type(value) is Tensor:  # the common case first, without building a torch.Size
        return value._data.shape
    return tuple(value.shape) if isinstance(value, (Tensor, np.ndarray)) else None


def _combined_elements(name, shapes):
    """Elements of the result of an operation on arrays of these shapes; None when they do not combine
    (the operation itself then says why)."""
    try:
        if name in MATRIX_PRODUCTS and len(shapes) == 2:
            a, b = shapes
            batch = np.broadcast_shapes(a[:-2], b[:-2])
            return math.prod((*batch, *a[-2:-1], *b[-1:])) if len(b) >= 2 or len(a) >= 2 else 1
        if name in OUTER_PRODUCTS and len(shapes) == 2:
            return math.prod(shapes[0]) * math.prod(shapes[1])
        if len(shapes) == 2 and (shapes[0] == shapes[1] or not shapes[1]):
            return math.prod(shapes[0])  # the common cases of a loop (same shapes, a 0-d operand) need no broadcast
        return math.prod(np.broadcast_shapes(*shapes))
    except ValueError:
        return None


def _shape_elements(args, kwargs):
    """Elements of a shape given as `f(2, 3)`, `f((2, 3))`, `f([2, 3])` or `f(size=(2, 3))`."""
    shape = kwargs.get("size", args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args)
    if isinstance(shape, int):
        shape = (shape,)
    if not isinstance(shape, (list, tuple)) or not all(isinstance(dim, int) for dim in shape):
        return None  # data rather than a shape, as in torch.Tensor([1., 2.]): the data is its own size
    return math.prod(shape)


def _arange_elements(args, kwargs):
    numbers = [*args, *(kwargs[key] for key in ("start", "end", "step") if key in kwargs)]
    numbers = [value.item() if type(value) is Tensor and value.numel() == 1 else value for value in numbers]
    if not 1 <= len(numbers) <= 3 or not all(isinstance(value, (int, float)) and math.isfinite(value)
                                             for value in numbers):
        return None  # not numbers the estimate understands: the factory itself says what is wrong
    if len(numbers) == 1:
        numbers = [0, *numbers]
    start, end, step = (*numbers, 1)[:3]
    return max(0, math.ceil((end - start) / step)) if step else None


def _linspace_elements(args, kwargs):
    steps = kwargs.get("steps", kwargs.get("num", args[2] if len(args) > 2 else None))
    return steps if isinstance(steps, int) else None


def _eye_elements(args, kwargs):
    sizes = [value for value in args[:2] if isinstance(value, int)]
    return sizes[0] * (sizes[1] if len(sizes) > 1 else sizes[0]) if sizes else None


def _full_elements(args, kwargs):
    return _shape_elements(args[:1], {key: value for key, value in kwargs.items() if key == "size"})


def _randint_elements(args, kwargs):
    """torch.randint(high, size) / (low, high, size): the size is the last positional or size=."""
    return _shape_elements(args[-1:], {key: value for key, value in kwargs.items() if key == "size"})


@functools.cache
def _factories():
    """Factory function -> how many elements a call asks for, read from its arguments."""
    import gradcli.torch as torch

    by_shape = [torch.zeros, torch.ones, torch.empty, torch.rand, torch.randn, torch.Tensor, torch.FloatTensor,
                torch.DoubleTensor, torch.LongTensor, torch.IntTensor, torch.BoolTensor, np.zeros, np.ones]
    table = {function: _shape_elements for function in by_shape}
    table.update({torch.full: _full_elements, np.full: _full_elements, torch.randint: _randint_elements,
                  torch.arange: _arange_elements,
                  np.arange: _arange_elements, torch.linspace: _linspace_elements,
                  np.linspace: _linspace_elements, torch.eye: _eye_elements, np.eye: _eye_elements})
    return table


# numpy.random's draws -> where their size argument sits (rand and randn take the shape's numbers themselves)
NUMPY_RANDOM_SIZE_POSITION = {"random": 0, "random_sample": 0, "standard_normal": 0, "permutation": None,
                              "choice": 1, "normal": 2, "uniform": 2, "randint": 2, "integers": 2}


def _is_factory(function):
    try:
        return function in _factories()
    except TypeError:  # an unhashable callable cannot be a factory
        return False


def _requested_elements(function, args, kwargs):
    owner = type(getattr(function, "__self__", None))
    if owner.__module__.startswith("numpy.random"):  # a draw of a RandomState or Generator (not imported before)
        return _numpy_random_elements(function.__name__, args, kwargs)
    if issubclass(owner, Tensor) and function.__name__ == "resize_":  # x.resize_(sizes) grows x to that shape
        return _shape_elements(args, kwargs)
    try:
        estimate = _factories().get(function)
    except TypeError:  # an unhashable callable cannot be a factory
        return None
    return estimate(args, kwargs) if estimate is not None else None


def _numpy_random_elements(name, args, kwargs):
    if name in ("rand", "randn"):
        return _shape_elements(args, {})
    position = NUMPY_RANDOM_SIZE_POSITION.get(name)
    if position is None:
        return None
    size = kwargs.get("size", args[position] if len(args) > position else None)
    return None if size is None else _shape_elements((size,), {})
