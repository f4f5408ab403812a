"""Arithmetic on two operands (tensors or numbers, promoted as torch promotes): + - * / ** %, maximum,
minimum, where, comparisons and logical operators."""

import operator

import numpy as np

from .. import dtypes
from ..clibrary import c_function
from ..dtypes import FLOATING
from ..kernels import KernelModule, by_blocks, by_dtype, fma
from ..rules import R, Rule, op
from ..tensor import Tensor, _make
from .pointwise import SQRT, log, reciprocal
from .shared import (binary, broadcast_error, const, mask, no_grad_result, operands, write_out,
                     zeros_like_constant)

libm, sleef = KernelModule("libm"), KernelModule("sleef")


def _plus_scaled(a, b, alpha):
    """a + alpha * b as torch's add kernel computes it: for float32/float64 one fused multiply-add (vec::fmadd,
    and its AVX2 build contracts the scalar loop's a + alpha * b the same way); sub is add with -alpha.  One
    exception, found by black-box tests: along rows where b is a single broadcast element, GCC vectorised the
    scalar loop of each row's last n % (2 * lanes) elements in 16-byte steps after the first, with alpha * b
    hoisted and rounded: there a + round(alpha * b)."""
    dtype = np.result_type(a, b)
    if dtype.kind != "f" or dtype.itemsize < 4:
        return a + b * alpha
    alpha = dtype.type(alpha)
    shape = np.broadcast_shapes(np.shape(a), np.shape(b))
    out = np.reshape(fma(b, alpha, a), shape)
    row = _row_of_constant(np.shape(a), np.shape(b), shape)
    step, granule = 64 // dtype.itemsize, 16 // dtype.itemsize
    tail = row % step
    hoisted = (tail - 1) // granule * granule if tail > 1 else 0
    if hoisted:
        start = row - tail + 1
        rows = out.reshape(-1, row)
        rows[:, start:start + hoisted] = (np.broadcast_to(a, shape).reshape(-1, row)[:, start:start + hoisted]
                                          + alpha * np.broadcast_to(b, shape).reshape(-1, row)[:, :hoisted])
    return out


def _row_of_constant(a_shape, b_shape, shape):
    """The length of torch's inner loop when b is constant along it and a runs along it (the trailing dims,
    size-1 dims dropped, where b has size 1 and a the full size, as TensorIterator merges them); 0 otherwise."""
    a_shape = (1,) * (len(shape) - len(a_shape)) + tuple(a_shape)
    b_shape = (1,) * (len(shape) - len(b_shape)) + tuple(b_shape)
    row = 1
    for size, a_size, b_size in reversed(list(zip(shape, a_shape, b_shape))):
        if size == 1:
            continue
        if b_size != 1 or a_size != size:
            break
        row *= size
    return row if row > 1 else 0


@op("add", rules=dict(add=Rule(
    "AddBackward0", lambda a, b, alpha: _plus_scaled(a, b, alpha) if alpha != 1 else a + b,
    lambda g, out, a, b, alpha: g, lambda g, out, a, b, alpha: g * alpha if alpha != 1 else g, save=None,
    formulas=("1", "alpha"), saved_names=("self", "other", "alpha"), scalars=True)))
def add(a, b, alpha=1, *, out=None):
    result = binary(R["add"], a, b, (alpha,))
    return result if out is None else write_out("add", result, out, (a, b))


@op("sub", "subtract", rules=dict(
    sub=Rule("SubBackward0", lambda a, b, alpha: _plus_scaled(a, b, -alpha) if alpha != 1 else a - b,
             lambda g, out, a, b, alpha: g, lambda g, out, a, b, alpha: -g * alpha if alpha != 1 else -g, save=None,
             formulas=("1", "-alpha"), saved_names=("self", "other", "alpha"), scalars=True),
    rsub=Rule("RsubBackward1", lambda a, b: b - a, lambda g, out, a, b: -g, save=None, formulas=("-1",),
              scalars=True)))
def sub(a, b, alpha=1):
    if not isinstance(a, Tensor):
        return R["rsub"](b, params=(a,), arrays=operands(b, a, scalars=True)[:1]) if alpha == 1 else add(-b * alpha, a)
    return binary(R["sub"], a, b, (alpha,))


@op("mul", "multiply", rules=dict(mul=Rule("MulBackward0", operator.mul, lambda g, out, a, b: g * b,
                                           lambda g, out, a, b: g * a, reads=((1,), (0,)), formulas=("b", "a"),
                                           scalars=True)))
def mul(input, other, *, out=None):
    result = binary(R["mul"], input, other)
    return result if out is None else write_out("mul", result, out, (input, other))


@op("div", "divide", method=("div", "divide", "true_divide"), rules=dict(div=Rule(
    "DivBackward0", operator.truediv, lambda g, out, a, b: g / b, lambda g, out, a, b: -g * (a / b / b),
    reads=((1,), (0, 1)), formulas=("1 / b", "-a / b**2"), scalars=True)))
def div(a, b, rounding_mode=None):
    if rounding_mode is not None:
        return floor_divide(a, b) if rounding_mode == "floor" else no_grad_result(np.trunc(operands(a, b, True)[0] / operands(a, b, True)[1]))
    if not isinstance(a, Tensor):
        return mul(reciprocal(b), a)  # 2 / x is recorded by torch as reciprocal(x) * 2
    return binary(R["div"], a, b, floating=True)


def _pow_scalar_vjp(g, a, b):
    """torch's pow_backward: zeros for b == 0, else g * (b * a**(b - 1)), a**(b - 1) kept in the graph even for
    b == 2 or 1, so every higher derivative of x**3 has a grad_fn until it is the constant 0."""
    if b == 0:
        return zeros_like_constant(g)
    return g * R["mul_scalar"](a ** (b - 1), params=(b,))


# torch's pow(tensor, number) for float tensors (Pow.cpp, PowKernel.cpp): the exponent 0 fills ones and 1 copies
# (so the backward's a**(b - 1) of x**2 costs a copy), 2, 3 and -2 are products (x * x * x rounds after each
# multiply, so it is not the correctly rounded cube), .5, -.5 and -1 use the sqrt, rsqrt and reciprocal kernels,
# any other exponent pow itself: SLEEF's pow on whole vector blocks (for float32 the exponent cast to float) and
# the C library's double pow on the tail (torch passes the exponent as double to std::pow; float32 results rounded
# to float).  Float64 integer exponents (x ** 4) keep NumPy's power: the
# double-double emulation of SLEEF's pow costs 3.5x the whole of tutorial 288's float64 loop (98.4% identical).
_POWERS_AS_KERNELS = {0.0: lambda a, one: np.ones_like(a), 1.0: lambda a, one: a.copy(),
                      2.0: lambda a, one: a * a, 3.0: lambda a, one: a * a * a, -2.0: lambda a, one: one / (a * a),
                      0.5: lambda a, one: SQRT(a), -0.5: lambda a, one: one / np.sqrt(a),
                      -1.0: lambda a, one: one / a}
C_POW = c_function("pow", np.power, 2)
C_LOG = c_function("log", np.log)  # std::log of rpow's base in its backward
_POW_BY_NUMBER = {np.dtype(np.float32): (sleef.powf_u10, lambda x, b: C_POW(x, b).astype(np.float32)),
                  np.dtype(np.float64): (sleef.pow_u10, C_POW)}


def _pow_by_number(a, b):
    kernel = _POWERS_AS_KERNELS.get(float(b)) if a.dtype.kind == "f" and not getattr(b, "ndim", 0) else None
    if kernel is not None:
        return kernel(a, a.dtype.type(1))
    if (a.dtype in _POW_BY_NUMBER and not getattr(b, "ndim", 0) and not isinstance(b, complex)
            and not (a.dtype == np.float64 and float(b).is_integer())):
        vector, scalar = _POW_BY_NUMBER[a.dtype]
        return by_blocks(lambda x: vector(x, b), lambda x: scalar(x, float(b)))(a)
    return np.power(a, b)


# tensor ** tensor: SLEEF's pow on the vector blocks, std::pow on the tail (glibc's powf for float32, reproduced
# in libm.py; its pow for float64)
_pow_tensors = by_dtype(np.power, float32=by_blocks(sleef.powf_u10, libm.powf),
                       float64=by_blocks(sleef.pow_u10, C_POW))


def _rpow(a, base):
    """torch's pow(number, tensor): ones for the base 1, else pow(tensor, tensor)'s kernel with the base a broadcast
    scalar of the exponent's dtype (Pow.cpp's pow_Scalar_out)."""
    return np.ones_like(a) if base == 1 else _pow_tensors(np.asarray(base, a.dtype), a)


@op("pow", rules=dict(
    pow_scalar=Rule("PowBackward0", _pow_by_number,
                    lambda g, out, a, b: _pow_scalar_vjp(g, a, b),
                    formulas=("b * a**(b - 1)",), saved_names=("self", "exponent")),
    pow_tensor=Rule("PowBackward1", _pow_tensors,
                    lambda g, out, a, b: where(mask(b._data == 0, b), 0., g * (b * a ** R["sub_scalar"](b, params=(1,)))),
                    lambda g, out, a, b: g * where(mask((a._data == 0) & (b._data >= 0), out), 0., out * log(a)),
                    save="both", formulas=("b * a**(b - 1)", "a**b * log(a) = out * log(a)"),
                    saved_names=("self", "exponent")),
    rpow=Rule("PowBackward2", lambda a, base: _rpow(a, base),
              lambda g, out, a, base: where(mask((a._data >= 0) & (base == 0), out), 0.,
                                            g * R["mul_scalar"](out, params=(float(C_LOG(base)),))),
              save="both",
              formulas=("base**a * log(base) = out * log(base)",), saved_names=("exponent", "self"))))
def pow(a, b):
    if not isinstance(a, Tensor):
        base, exponent = operands(a, b)
        return R["rpow"](b, params=(a,), arrays=(exponent,))
    if isinstance(b, Tensor):
        return binary(R["pow_tensor"], a, b)
    if a.dtype.category != FLOATING and isinstance(b, int) and b < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    base, exponent = operands(a, b)
    return R["pow_scalar"](a, params=(exponent,), arrays=(base,))  # a Python exponent is no graph input


@op("remainder", rules=dict(
    remainder=Rule("RemainderBackward0", np.remainder, lambda g, out, a, b: g,
                   lambda g, out, a, b: -g * const(np.floor_divide(a._data, b._data)), formulas=("1", "-floor(a / b)")),
    remainder_scalar=Rule("RemainderBackward0", np.remainder, lambda g, out, a, b: g, save=None, formulas=("1",))))
def remainder(a, b):
    if not isinstance(b, Tensor):
        base, divisor = operands(a, b)
        return R["remainder_scalar"](a, params=(divisor,), arrays=(base,))
    return binary(R["remainder"], a, b)


@op("floor_divide")
def floor_divide(a, b):
    x, y = operands(a, b)
    return no_grad_result(np.floor_divide(x, y))


def _tensors_only(name, a, b):
    for position, (label, x) in enumerate((("input", a), ("other", b)), 1):
        if not isinstance(x, Tensor):
            raise TypeError(f"{name}(): argument '{label}' (position {position}) must be Tensor, not "
                            f"{type(x).__name__}")


def _extremum_rule(name, wins):
    """maximum/minimum: the gradient goes to the winner, split evenly on a tie (torch: where(a == b, grad / 2,
    grad).masked_fill_(a loses, 0))."""
    def vjp(g, out, x, y):
        return masked_fill_zero(where(x._data == y._data, g / 2, g), wins(y._data, x._data))
    return Rule(name, np.maximum if wins is np.greater else np.minimum,
                lambda g, out, a, b: vjp(g, out, a, b), lambda g, out, a, b: vjp(g, out, b, a),
                formulas=tuple(f"1 if {x} {'>' if wins is np.greater else '<'} {y} else 0.5 if a == b else 0"
                               for x, y in (("a", "b"), ("b", "a"))))


@op("maximum", tensors=2, rules=dict(maximum=_extremum_rule("MaximumBackward0", np.greater)))
def maximum(a, b):
    _tensors_only("maximum", a, b)
    return binary(R["maximum"], a, b)


@op("minimum", tensors=2, rules=dict(minimum=_extremum_rule("MinimumBackward0", np.less)))
def minimum(a, b):
    _tensors_only("minimum", a, b)
    return binary(R["minimum"], a, b)


def _atan2_vjp(g, out, a, b, of):
    """torch's atan2_backward: the reciprocal of a**2 + b**2 masked to 0 where it is infinite (a = b = 0)."""
    recip = (a * a + b * b).reciprocal()
    recip = masked_fill_zero(recip, np.isinf(recip._data))
    return g * b * recip if of == "a" else g * -a * recip


# torch's atan2 kernel: SLEEF's atan2f_u10/atan2_u10 on the vector blocks, the C library's on the tail (glibc's
# atan2f, reproduced in libm.py; its atan2)
_atan2 = by_dtype(np.arctan2, float32=by_blocks(sleef.atan2f_u10, libm.atan2f),
                  float64=by_blocks(sleef.atan2_u10, c_function("atan2", np.arctan2, 2)))


@op("atan2", "arctan2", tensors=2, rules=dict(atan2=Rule(
    "Atan2Backward0", _atan2, lambda g, out, a, b: _atan2_vjp(g, out, a, b, "a"),
    lambda g, out, a, b: _atan2_vjp(g, out, a, b, "b"), formulas=("b / (a**2 + b**2)", "-a / (a**2 + b**2)"))))
def atan2(a, b):
    _tensors_only("atan2", a, b)
    return binary(R["atan2"], a, b, floating=True)


@op("hypot", tensors=2, rules=dict(hypot=Rule(
    "HypotBackward0", np.hypot, lambda g, out, a, b: g * a / out, lambda g, out, a, b: g * b / out, save="both",
    formulas=("a / hypot(a, b) = a / out", "b / hypot(a, b) = b / out"))))
def hypot(a, b):
    _tensors_only("hypot", a, b)
    return binary(R["hypot"], a, b, floating=True)


@op("where", method=False, rules=dict(where=Rule(
    "WhereBackward0", lambda a, b, cond: np.where(cond, a, b),
    lambda g, out, a, b, cond: where(const(cond), g, 0.), lambda g, out, a, b, cond: where(const(cond), 0., g),
    save=None, formulas=("1 where cond else 0", "0 where cond else 1"), saved_names=("self", "other", "condition"))))
def where(condition, a, b):
    cond = condition._data.astype(bool) if isinstance(condition, Tensor) else np.asarray(condition, bool)
    if not isinstance(a, Tensor):
        a = _scalar_like(a, b)
    if not isinstance(b, Tensor):
        b = _scalar_like(b, a)
    arrays = operands(a, b)
    try:
        np.broadcast_shapes(cond.shape, arrays[0].shape, arrays[1].shape)
    except ValueError:
        raise broadcast_error(cond, np.broadcast(*arrays)) from None
    return R["where"](a, b, params=(cond,), arrays=arrays)


@op("masked_fill", rules=dict(masked_fill=Rule(
    "MaskedFillBackward0", lambda a, cond, value: np.where(cond, a.dtype.type(value), a),
    lambda g, out, a, cond, value: masked_fill_zero(g, cond), save=None, formulas=("0 where mask else 1",),
    saved_names=("self", "mask", "value"))))
def masked_fill(input, mask, value):
    """input with value where mask holds (mask broadcast with input, as torch's out-of-place masked_fill)."""
    if mask.dtype != dtypes.bool_:
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype {mask.dtype.c_name}")
    if isinstance(value, Tensor):
        if value.ndim:
            raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                               f"{value.ndim} dimension(s).")
        if value.requires_grad:  # torch's MaskedFillBackward1; here a where, with the same gradients
            return where(mask, value.to(input.dtype), input)
        value = value.item()
    try:
        shape = np.broadcast_shapes(mask.shape, input.shape)
    except ValueError:
        raise broadcast_error(mask._data, input._data) from None
    return R["masked_fill"](input.expand(*shape) if shape != input.shape else input,
                            params=(np.broadcast_to(mask._data, shape), value))


def masked_fill_zero(g, cond):
    """g with 0 where cond holds, as torch's backward formulas write grad.masked_fill(cond, 0): differentiably,
    recorded as MaskedFillBackward0."""
    return R["masked_fill"](g, params=(np.broadcast_to(cond, g.shape), 0))


def _scalar_like(value, other):
    dt = other.dtype if isinstance(other, Tensor) and not isinstance(value, float) or (
        isinstance(other, Tensor) and other.dtype.is_floating_point) else dtypes.scalar_dtype(value)
    return _make(np.asarray(value, dt.np))


# ---- comparisons and logical operators: no gradient ------------------------------------------------------------

def _compare(ufunc):
    def compare(a, b):
        x, y = operands(a, b)
        try:
            return _make(ufunc(x, y))
        except ValueError:
            raise broadcast_error(x, y) from None
    return compare


eq, ne, lt, le, gt, ge = (op(name)(_compare(ufunc)) for name, ufunc in (
    ("eq", np.equal), ("ne", np.not_equal), ("lt", np.less), ("le", np.less_equal), ("gt", np.greater),
    ("ge", np.greater_equal)))
logical_and, logical_or, logical_xor = map(_compare, (np.logical_and, np.logical_or, np.logical_xor))
