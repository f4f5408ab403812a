"""Elementwise functions of one tensor: exp, log, the trigonometric and hyperbolic families, erf, activations,
abs, rounding, clamp."""

import math

import numpy as np

from .. import dtypes
from ..clibrary import c_function
from ..kernels import KernelModule, by_blocks, by_dtype, fma, sleef_expf, via_float64
from ..mkl import vml
from ..rules import R, Rule, float_array, op, rule, unary
from ..tensor import Tensor, _make
from .shared import cast, clone_without_history, where_or_zero, zeros_like_constant

libm, sleef = KernelModule("libm"), KernelModule("sleef")

# The C library's functions where torch's kernels call std:: ones (clibrary.py; NumPy's where they agree).
C_LIBRARY = {name: c_function(name, numpy_function, dtype=dtype) for name, numpy_function, dtype in (
    ("exp", np.exp, np.float64), ("sin", np.sin, np.float64), ("sinh", np.sinh, np.float64),
    ("cosh", np.cosh, np.float64), ("asinh", np.arcsinh, np.float64), ("acosh", np.arccosh, np.float64),
    ("atanh", np.arctanh, np.float64), ("exp2", np.exp2, np.float64),
    ("asinhf", np.arcsinh, np.float32), ("acoshf", np.arccosh, np.float32))}

exp = unary("exp", Rule("ExpBackward0", vml("exp", via_float64(np.exp)), lambda g, out, a: g * out, save="output", formulas=("exp(a) = out",)))
log = unary("log", Rule("LogBackward0", vml("log", via_float64(np.log)), lambda g, out, a: g / a, formulas=("1 / a",)))
log1p = unary("log1p", Rule("Log1PBackward0", by_dtype(np.log1p, float32=sleef.log1pf_u10, float64=sleef.log1p_u10), lambda g, out, a: g / R["add_scalar"](a, params=(1,)), formulas=("1 / (1 + a)",)))
sin = unary("sin", Rule("SinBackward0", vml("sin", via_float64(np.sin)), lambda g, out, a: g * cos(a), formulas=("cos(a)",)))
cos = unary("cos", Rule("CosBackward0", vml("cos", via_float64(np.cos)), lambda g, out, a: g * -sin(a), formulas=("-sin(a)",)))
tan = unary("tan", Rule("TanBackward0", vml("tan", np.tan), lambda g, out, a: g * R["add_scalar"](out ** 2, params=(1,)), save="output",
                        formulas=("1 + tan(a)**2 = 1 + out**2",)))

# Numbers in backward formulas, as torch records them: x * c is MulBackward1 and x + c AddBackward1 (one edge);
# a script's x * 2 is MulBackward0 (torch wraps the 2 in a tensor).
rule("mul_scalar", Rule("MulBackward1", np.multiply, lambda g, out, a, c: g * c, save=None, formulas=("c",)))
rule("add_scalar", Rule("AddBackward1", np.add, lambda g, out, a, c: g, save=None, formulas=("1",)))
rule("sub_scalar", Rule("SubBackward1", np.subtract, lambda g, out, a, c: g, save=None, formulas=("1",)))
rule("div_scalar", Rule("DivBackward1", np.true_divide, lambda g, out, a, c: R["div_scalar"](g, params=(c,)), save=None,
                        formulas=("1 / c",)))

# Backward formulas that are one ATen op in torch are one rule here, so a derivative taken with create_graph=True
# records one node under torch's name (TanhBackwardBackward0); their own vjps are written with differentiable ops.
rule("tanh_backward", Rule(
    "TanhBackwardBackward0", lambda g, out: g * fma(-out, out, np.ones_like(out)),  # torch's kernel: an FMA
    lambda gg, _, g, out: R["tanh_backward"](gg, out),
    lambda gg, _, g, out: gg * (R["mul_scalar"](out, params=(-2,)) * g),
    formulas=("1 - b**2", "-2 * b * a")))
rule("sigmoid_backward", Rule(
    "SigmoidBackwardBackward0", lambda g, out: g * (1 - out) * out,
    lambda gg, _, g, out: R["sigmoid_backward"](gg, out),
    lambda gg, _, g, out: gg * g * R["add_scalar"](R["mul_scalar"](out, params=(-2,)), params=(1,)),
    formulas=("(1 - b) * b", "a * (1 - 2 * b)")))

tanh = unary("tanh", Rule("TanhBackward0", vml("tanh", via_float64(np.tanh)), lambda g, out, a: R["tanh_backward"](g, out),
                          save="output", formulas=("1 - tanh(a)**2 = 1 - out**2",)),
             namespaces=("torch", "torch.nn.functional"))
SQRT = vml("sqrt", np.sqrt)  # also x ** 0.5's kernel, as in torch
sqrt = unary("sqrt", Rule("SqrtBackward0", SQRT, lambda g, out, a: g / R["mul_scalar"](out, params=(2,)), save="output",
                          formulas=("1 / (2 * sqrt(a)) = 1 / (2 * out)",)))


def _sigmoid_lanes(exp):
    def lanes(x):
        with np.errstate(over="ignore"):
            return 1 / (1 + exp(-x))
    return lanes


# torch's sigmoid kernel: 1 / (1 + exp(-x)) in the dtype, SLEEF's exp on the vector blocks (Sleef_expf8_u10,
# Sleef_expd4_u10), the C library's on the tail (libm.expf; its exp).
sigmoid_kernel = by_dtype(lambda a: 1 / (1 + np.exp(-a)),
                    float32=by_blocks(_sigmoid_lanes(sleef_expf), _sigmoid_lanes(libm.expf)),
                    float64=by_blocks(_sigmoid_lanes(sleef.expd_u10), _sigmoid_lanes(C_LIBRARY["exp"])))


sigmoid = unary("sigmoid", Rule("SigmoidBackward0", sigmoid_kernel, lambda g, out, a: R["sigmoid_backward"](g, out), save="output",
                                formulas=("sigmoid(a) * (1 - sigmoid(a)) = out * (1 - out)",)),
                namespaces=("torch", "torch.nn.functional"))


@op("rsqrt", rules=dict(rsqrt=Rule("RsqrtBackward0", lambda a: 1 / np.sqrt(a),
                                    lambda g, out, a: R["mul_scalar"](g, params=(-0.5,)) * out ** 3, save="output",
                                    formulas=("-1 / (2 * a**1.5) = -out**3 / 2",))))
def rsqrt(x):
    """1 / sqrt(x), two roundings as in torch's kernel (its derivatives of asin, acosh, ... use it)."""
    return R["rsqrt"](x, arrays=(float_array(x),))


@op("reciprocal", rules=dict(reciprocal=Rule("ReciprocalBackward0", np.reciprocal, lambda g, out, a: -g * (out * out),
                                             save="output", formulas=("-1 / a**2 = -out**2",))))
def reciprocal(x):
    return R["reciprocal"](x, arrays=(float_array(x),))


@op("neg", "negative", rules=dict(neg=Rule("NegBackward0", np.negative, lambda g, out, a: -g, save=None,
                                           formulas=("-1",))))
def neg(x):
    return R["neg"](x)


@op("abs", "absolute", method=("abs",),
    rules=dict(abs=Rule("AbsBackward0", np.abs, lambda g, out, a: g * sgn(a), formulas=("sign(a)",))))
def abs(x):
    return R["abs"](x)


@op("sign", rules=dict(sign=Rule("SignBackward0", np.sign, lambda g, out, a: zeros_like_constant(g), save=None,
                                 formulas=("0",))))
def sign(x):
    return R["sign"](x)


@op("sgn", rules=dict(sgn=Rule("SgnBackward0", np.sign, lambda g, out, a: zeros_like_constant(g), save=None,
                               formulas=("0",))))
def sgn(x):
    """sign, under the name torch's formulas use (abs's derivative is grad * self.sgn())."""
    return R["sgn"](x)


rule("threshold_backward", Rule("ThresholdBackwardBackward0", lambda g, out: np.where(out > 0, g, np.zeros((), g.dtype)),
                                lambda gg, _, g, out: R["threshold_backward"](gg, out),
                                lambda gg, _, g, out: zeros_like_constant(gg),
                                reads=((1,), ()), formulas=("1 if out > 0 else 0", "0")))


@op("relu", namespaces=("torch",),  # (F.relu, which also writes in place: ops/activations.py)
    rules=dict(relu=Rule("ReluBackward0", lambda a: np.maximum(a, 0), lambda g, out, a: R["threshold_backward"](g, out),
                         save="output", formulas=("1 if a > 0 else 0",))))
def relu(x):
    return R["relu"](x)


# ---- inverse trigonometric and hyperbolic functions, logarithms, exponentials, erf (issue 11) --------------------

LN2, TWO_OVER_SQRT_PI = math.log(2.0), 2.0 / math.sqrt(math.pi)
LN10 = 2.3025850929940456  # derivatives.yaml's literal for log10's gradient: one ulp below math.log(10)


atan = unary("atan", Rule("AtanBackward0", vml("atan", np.arctan), lambda g, out, a: g / R["add_scalar"](a * a, params=(1,)), formulas=("1 / (1 + a**2)",)),
             aliases=("arctan",))
asin = unary("asin", Rule("AsinBackward0", vml("asin", np.arcsin), lambda g, out, a: g * rsqrt(R["add_scalar"](-a * a, params=(1,))),
                          formulas=("1 / sqrt(1 - a**2)",)), aliases=("arcsin",))
acos = unary("acos", Rule("AcosBackward0", vml("acos", np.arccos), lambda g, out, a: g * -rsqrt(R["add_scalar"](-a * a, params=(1,))),
                          formulas=("-1 / sqrt(1 - a**2)",)), aliases=("arccos",))
# sinh, cosh: SLEEF's u10 versions on the vector blocks, the C library's on the tail (glibc's sinhf and coshf,
# reproduced in libm.py; its sinh and cosh)
sinh = unary("sinh", Rule("SinhBackward0", by_dtype(np.sinh, float32=by_blocks(sleef.sinhf_u10, libm.sinhf),
                                                    float64=by_blocks(sleef.sinh_u10, C_LIBRARY["sinh"])),
                          lambda g, out, a: g * cosh(a), formulas=("cosh(a)",)))
cosh = unary("cosh", Rule("CoshBackward0", by_dtype(np.cosh, float32=by_blocks(sleef.coshf_u10, libm.coshf),
                                                    float64=by_blocks(sleef.cosh_u10, C_LIBRARY["cosh"])),
                          lambda g, out, a: g * sinh(a), formulas=("sinh(a)",)))
# asinh, acosh: the C library's on every element (torch's Vectorized<> maps std::asinh and std::acosh)
asinh = unary("asinh", Rule("AsinhBackward0", by_dtype(np.arcsinh, float32=C_LIBRARY["asinhf"],
                                                       float64=C_LIBRARY["asinh"]),
                            lambda g, out, a: g * rsqrt(R["add_scalar"](a ** 2, params=(1,))),
                            formulas=("1 / sqrt(a**2 + 1)",)), aliases=("arcsinh",))
acosh = unary("acosh", Rule("AcoshBackward0", by_dtype(np.arccosh, float32=C_LIBRARY["acoshf"],
                                                       float64=C_LIBRARY["acosh"]),
                            lambda g, out, a: g * rsqrt(R["sub_scalar"](a * a, params=(1,))),
                            formulas=("1 / sqrt(a**2 - 1)",)), aliases=("arccosh",))
# atanh: SLEEF's atanhf_u10/atanh_u10 on the vector blocks, the C library's on the tail (glibc's atanhf, reproduced
# in libm.py; its atanh)
atanh = unary("atanh", Rule("AtanhBackward0", by_dtype(np.arctanh, float32=by_blocks(sleef.atanhf_u10, libm.atanhf),
                                                       float64=by_blocks(sleef.atanh_u10, C_LIBRARY["atanh"])),
                            lambda g, out, a: g / (1 - a * a),
                            formulas=("1 / (1 - a**2)",)), aliases=("arctanh",))
log10 = unary("log10", Rule("Log10Backward0", vml("log10", np.log10), lambda g, out, a: g / R["mul_scalar"](a, params=(LN10,)), formulas=("1 / (a * ln(10))",)))
log2 = unary("log2", Rule("Log2Backward0", vml("log2", np.log2), lambda g, out, a: g / R["mul_scalar"](a, params=(LN2,)), formulas=("1 / (a * ln(2))",)))
# torch's exp2 kernel: SLEEF's exp2 on the vector blocks, the C library's on the tail (glibc's exp2f, reproduced
# in libm.py; its exp2)
exp2 = unary("exp2", Rule("Exp2Backward0", by_dtype(np.exp2, float32=by_blocks(sleef.exp2f_u10, libm.exp2f),
                                                    float64=by_blocks(sleef.exp2_u10, C_LIBRARY["exp2"])),
                          lambda g, out, a: R["mul_scalar"](g * out, params=(LN2,)),
                          save="output", formulas=("2**a * ln(2) = out * ln(2)",)))
expm1 = unary("expm1", Rule("Expm1Backward0", by_dtype(np.expm1, float32=sleef.expm1f_u10, float64=sleef.expm1_u10), lambda g, out, a: g * R["add_scalar"](out, params=(1,)), save="output",
                            formulas=("exp(a) = out + 1",)))


def _elementwise(scalar_function):
    """A NumPy forward from a function of one Python float (NumPy has no erf), computed in float64."""
    vectorized = np.vectorize(scalar_function, otypes=[np.float64])
    return lambda a: vectorized(a).astype(a.dtype, copy=False)


erf = unary("erf", Rule("ErfBackward0", vml("erf", _elementwise(math.erf)), lambda g, out, a: R["mul_scalar"](exp(-(a ** 2)), params=(TWO_OVER_SQRT_PI,)) * g,
                        formulas=("2 / sqrt(pi) * exp(-a**2)",)))
erfc = unary("erfc", Rule("ErfcBackward0", vml("erfc", _elementwise(math.erfc)),
                          lambda g, out, a: R["mul_scalar"](exp(-(a ** 2)), params=(-TWO_OVER_SQRT_PI,)) * g, formulas=("-2 / sqrt(pi) * exp(-a**2)",)))


def _sinc_backward(g, out, a):
    """torch's sinc_backward: grad * ((pi a cos(pi a) - sin(pi a)) / (a a pi)), 0 at a = 0."""
    pi_a = R["mul_scalar"](a, params=(math.pi,))
    value = g * ((pi_a * cos(pi_a) - sin(pi_a)) / R["mul_scalar"](a * a, params=(math.pi,)))
    return R["where"](0., value, params=(a._data == 0,))  # as torch: WhereBackward0


def _sinc_lanes(sin):
    """torch's sinc kernel (scalar only): 1 at 0, else sin(pi a) / (pi a) with pi a rounded in the dtype."""
    def sinc(a):
        with np.errstate(invalid="ignore", divide="ignore"):
            product = a.dtype.type(math.pi) * a
            return np.where(a == 0, a.dtype.type(1), sin(product) / product)
    return sinc


# float32: glibc's sinf (libm.py); float64: the C library's sin
sinc = unary("sinc", Rule("SincBackward0", by_dtype(np.sinc, float32=_sinc_lanes(libm.sinf),
                                                    float64=_sinc_lanes(C_LIBRARY["sin"])),
                          _sinc_backward,
                          formulas=("(cos(pi * a) * pi * a - sin(pi * a)) / (pi * a**2), 0 at a = 0",)))


# ---- tests of each element: bool tensors, outside the graph ------------------------------------------------------

def _element_test(name, predicate):
    @op(name)
    def function(x):
        if not isinstance(x, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
        return _make(predicate(x._data))
    function.__name__ = function.__qualname__ = name
    return function


isfinite = _element_test("isfinite", np.isfinite)
isinf = _element_test("isinf", np.isinf)
isnan = _element_test("isnan", np.isnan)


# ---- rounding: a zero gradient (frac: one) --------------------------------------------------------------------------

def _no_gradient(g, out, a, *params):
    return zeros_like_constant(g)


def _rounding(name, grad_fn, forward):
    """floor, ceil, trunc: integer tensors come back as they are (a copy), as in torch."""
    @op(name, rules={name: Rule(grad_fn, forward, _no_gradient, save=None, formulas=("0",))})
    def function(x):
        if not x.dtype.is_floating_point:
            return clone_without_history(x)
        return R[name](x)
    function.__name__ = function.__qualname__ = name
    return function


floor = _rounding("floor", "FloorBackward0", np.floor)
ceil = _rounding("ceil", "CeilBackward0", np.ceil)
trunc = _rounding("trunc", "TruncBackward0", np.trunc)


@op("round", rules=dict(
    round=Rule("RoundBackward0", np.round, _no_gradient, save=None, formulas=("0",)),
    round_decimals=Rule("RoundBackward1", np.round, _no_gradient, save=None, formulas=("0",),
                        saved_names=("self", "decimals"))))
def round(x, *, decimals=None):
    if not x.dtype.is_floating_point:
        return clone_without_history(x)
    if decimals is None:
        return R["round"](x)
    return R["round_decimals"](x, params=(int(decimals),))


@op("frac", rules=dict(frac=Rule("FracBackward0", lambda a: a - np.trunc(a), lambda g, out, a: g, save=None,
                                 formulas=("1",))))
def frac(x):
    return R["frac"](x)


# ---- clamp ----------------------------------------------------------------------------------------------------

def _within(a, lo, hi):
    """Where clamp passes the gradient: inside the bounds, bounds included."""
    inside = np.ones(a.shape, bool)
    if lo is not None:
        inside &= a >= lo
    if hi is not None:
        inside &= a <= hi
    return inside


def _clamp_rule(name):
    return Rule(name, lambda a, lo, hi: np.clip(a, lo, hi), lambda g, out, a, lo, hi: where_or_zero(_within(a._data, lo, hi), g),
                formulas=("1 if lo <= a <= hi else 0",), saved_names=("self", "min", "max"))


@op("clamp", "clip", rules=dict(clamp=_clamp_rule("ClampBackward1"),
                                clamp_tensor=_clamp_rule("ClampBackward0")))  # Tensor bounds (constants here)
def clamp(x, min=None, max=None):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    rule = R["clamp_tensor" if isinstance(min, Tensor) or isinstance(max, Tensor) else "clamp"]
    lo, hi = (v._data if isinstance(v, Tensor) else v for v in (min, max))
    dt = dtypes.result_type(x, *[v for v in (min, max) if v is not None])
    return rule(x, params=(lo, hi), arrays=(cast(x, dt),))


@op("clamp_min", namespaces=(), rules=dict(clamp_min=Rule(
    "ClampMinBackward0", np.maximum, lambda g, out, a, lo: where_or_zero(a._data >= lo, g), formulas=("1 if a >= lo else 0",),
    saved_names=("self", "min"))))
def clamp_min(x, min):
    return R["clamp_min"](x, params=(min._data if isinstance(min, Tensor) else min,))


@op("clamp_max", namespaces=(), rules=dict(clamp_max=Rule(
    "ClampMaxBackward0", np.minimum, lambda g, out, a, hi: where_or_zero(a._data <= hi, g), formulas=("1 if a <= hi else 0",),
    saved_names=("self", "max"))))
def clamp_max(x, max):
    return R["clamp_max"](x, params=(max._data if isinstance(max, Tensor) else max,))
