"""Tensor's methods and operators that are not in tensor.py: every op declared with a method (rules.METHODS,
filled by gradcli/engine/ops) and the table below (operators, in-place methods, conversions), attached
to Tensor once, when gradcli.engine is imported."""

from . import dtypes
from .autograd import backward
from .factory import allclose, copy_, equal, isclose, legacy_tensor_init, new_tensor, normal_, random_, uniform_
from .ops.arithmetic import (add, div, eq, floor_divide, ge, gt, le, logical_and, logical_or, logical_xor, lt, mul,
                             ne, pow, remainder, sub)
from .ops.indexing import getitem
from .ops.inplace import filled, inplace_method, resize_, restrided, setitem, zeroed
from .ops.pointwise import abs, clamp, neg
from .ops.shared import binary
from .ops.shapes import expand, reshape, reverse_dims, squeeze, t, to, transpose, unsqueeze, view
from .ops import deferred, load_deferred
from .rules import METHODS, R
from .storage import storage
from .tensor import Tensor, _make


# Tensor's `self op other` for + - * / (self is a Tensor; no out=, alpha= or rounding_mode=): the op function
# without its options, one call from the operator to the rule (every + - * / of a script and of backward's formulas)
_ADD, _SUB, _MUL, _DIV = R["add"], R["sub"], R["mul"], R["div"]
_ALPHA_ONE = (1,)  # the params of + and -: one tuple shared by their nodes, not a new one per op


def _plus(self, other):
    return binary(_ADD, self, other, _ALPHA_ONE)


def _minus(self, other):
    return binary(_SUB, self, other, _ALPHA_ONE)


def _times(self, other):
    return binary(_MUL, self, other)


def _over(self, other):
    return binary(_DIV, self, other, floating=True)


def _swap(op):
    return lambda self, other: op(other, self)


def _matmul(a, b):
    if not isinstance(b, Tensor):
        raise TypeError(f"unsupported operand type(s) for @: 'Tensor' and '{type(b).__name__}'")
    return a.matmul(b)  # (the first read of Tensor.matmul imports linalg: ops.DEFERRED)


def _backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)


OPERATORS_AND_CONVERSIONS = dict(
    __init__=legacy_tensor_init,  # torch.Tensor(...) the constructor: float32 data or a shape
    backward=_backward,
    __add__=_plus, __radd__=_plus, __sub__=_minus, __rsub__=_swap(sub), __mul__=_times, __rmul__=_times,
    __truediv__=_over, __rtruediv__=_swap(div), __pow__=pow, __rpow__=_swap(pow), __matmul__=_matmul,
    __mod__=remainder, __floordiv__=floor_divide, __rfloordiv__=_swap(floor_divide),
    __neg__=neg, __pos__=lambda self: self, __abs__=abs,
    __eq__=eq, __ne__=ne, __lt__=lt, __le__=le, __gt__=gt, __ge__=ge,
    __and__=logical_and, __or__=logical_or, __xor__=logical_xor, __invert__=lambda self: _make(~self._data),
    __getitem__=getitem, __setitem__=setitem,
    __iadd__=inplace_method(add), __isub__=inplace_method(sub), __imul__=inplace_method(mul),
    __itruediv__=inplace_method(div), __ipow__=inplace_method(pow),
    add_=inplace_method(add), sub_=inplace_method(sub), mul_=inplace_method(mul), div_=inplace_method(div),
    pow_=inplace_method(pow), clamp_=inplace_method(clamp), zero_=inplace_method(zeroed), fill_=inplace_method(filled),
    is_contiguous=lambda self: bool(self._data.flags.c_contiguous),
    float=lambda self: to(self, dtypes.float32), double=lambda self: to(self, dtypes.float64),
    long=lambda self: to(self, dtypes.int64), int=lambda self: to(self, dtypes.int32),
    bool=lambda self: to(self, dtypes.bool_), half=lambda self: to(self, dtypes.float16),
    short=lambda self: to(self, dtypes.int16), char=lambda self: to(self, dtypes.int8),
    byte=lambda self: to(self, dtypes.uint8),
    view_as=lambda self, other: view(self, other.shape), reshape_as=lambda self, other: reshape(self, other.shape),
    expand_as=lambda self, other: expand(self, other.shape),
    allclose=allclose, isclose=isclose, equal=equal, uniform_=uniform_, normal_=normal_, random_=random_, copy_=copy_,
    new_tensor=new_tensor,
    T=property(lambda self: reverse_dims(self)),
    t_=restrided(t), transpose_=restrided(transpose), squeeze_=restrided(squeeze), unsqueeze_=restrided(unsqueeze),
    resize_=resize_, storage=storage,
)
# torch's in-place twins: x.relu_() is x.relu() written into x (same grad_fn, as in torch)
IN_PLACE_TWINS = ("exp", "log", "log1p", "log2", "log10", "exp2", "expm1", "sin", "cos", "tan", "sinh", "cosh", "tanh",
                  "asin", "acos", "atan", "asinh", "acosh", "atanh", "sqrt", "rsqrt", "sigmoid", "relu", "reciprocal",
                  "neg", "negative", "abs", "sign", "sgn", "erf", "erfc", "sinc", "floor", "ceil", "trunc", "round",
                  "frac", "clip", "clamp_min", "clamp_max", "remainder", "floor_divide", "true_divide", "divide",
                  "multiply", "subtract", "atan2", "hypot", "arctan2", "scatter", "scatter_add", "tril", "triu")
OPERATORS_AND_CONVERSIONS.update({name + "_": inplace_method(METHODS[name]) for name in IN_PLACE_TWINS})

for _name, _method in {**METHODS, **OPERATORS_AND_CONVERSIONS}.items():
    setattr(Tensor, _name, _method)


class _Deferred:
    """A method of a deferred op family (ops.DEFERRED): its first read imports the family, which declares it,
    and puts the method in its place."""

    def __init__(self, module, name):
        self.module, self.name = module, name

    def __get__(self, tensor, owner):
        load_deferred(self.module)
        setattr(Tensor, self.name, METHODS[self.name])
        return getattr(tensor, self.name) if tensor is not None else METHODS[self.name]


for _module, _names in deferred("Tensor").items():
    for _name in _names:
        setattr(Tensor, _name, _Deferred(_module, _name))
