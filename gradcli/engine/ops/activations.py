"""The activations of torch.nn.functional beyond relu, sigmoid and tanh: leaky_relu, elu, silu, softplus, gelu,
hardtanh, relu6, prelu. Each forward is torch 2.13's CPU kernel (aten/src/ATen/native/cpu/Activation.cpp) in the
tensor's dtype: Vectorized<T>'s exp, expm1 and log1p (SLEEF's) on whole vector blocks, std::'s on the scalar tail
(by_blocks). Each backward is the ATen op derivatives.yaml names (leaky_relu_backward, ...), one rule here, so
create_graph records torch's nodes; their own vjps are written with differentiable ops."""

import math
from typing import Callable, NamedTuple

import numpy as np

from .. import grad_mode, libm, sleef
from ..clibrary import c_function
from ..kernels import by_blocks, fma, sleef_expf
from ..rules import R, Rule, op, rule
from ..tensor import Tensor, _make
from .inplace import inplace as inplace_write
from .pointwise import C_LIBRARY, _elementwise, cosh, exp, relu as torch_relu, sigmoid, tanh
from .shared import binary, mask, where_or_zero, zeros_like_constant

F = ("torch.nn.functional",)
KERNEL_NAMES = {"gelu": "GeluKernelImpl"}  # the name torch's dtype dispatch reports, when not NAME_cpu
INTEGER_INPUTS = {"hardtanh"}  # a clamp: torch takes integer tensors too


class Library(NamedTuple):
    """The functions a kernel's lanes call: Vectorized<T>'s on the vector blocks, std::'s (the C library's) on
    the scalar tail."""
    exp: Callable
    expm1: Callable
    log1p: Callable
    erf: Callable
    tanh: Callable


_C_ERF = tuple(c_function(name, _elementwise(math.erf), dtype=dtype)
               for name, dtype in (("erff", np.float32), ("erf", np.float64)))
_C_TANH = tuple(c_function(name, np.tanh, dtype=dtype)
                for name, dtype in (("tanhf", np.float32), ("tanh", np.float64)))
# Stand-ins where gradcli has no emulation of torch's vector function: Vectorized<T>::erf and ::tanh (gelu's
# kernels) are the C library's here, which differ from torch's by an ulp or so on some elements.
LIBRARIES = {  # dtype -> (vector blocks, scalar tail)
    np.dtype(np.float32): (Library(sleef_expf, sleef.expm1f_u10, sleef.log1pf_u10, _C_ERF[0], _C_TANH[0]),
                           Library(libm.expf, libm.expm1f, libm.log1pf, _C_ERF[0], _C_TANH[0])),
    np.dtype(np.float64): (Library(sleef.expd_u10, sleef.expm1_u10, sleef.log1p_u10, _C_ERF[1], _C_TANH[1]),
                           Library(C_LIBRARY["exp"], c_function("expm1", np.expm1, dtype=np.float64),
                                   c_function("log1p", np.log1p, dtype=np.float64), _C_ERF[1], _C_TANH[1]))}


def _kernel(lanes, arrays=1):
    """A torch CPU kernel from lanes(library, *arrays, *params), applied to `arrays` arrays of one floating dtype
    and number params (cast to that dtype, as the kernels' Scalar.to<scalar_t>()): by_blocks, the vector blocks
    with SLEEF's functions, the tail with the C library's."""
    def apply(*operands):
        dtype = operands[0].dtype
        vector, scalar = LIBRARIES[dtype]
        params = [dtype.type(p) for p in operands[arrays:]]
        with np.errstate(over="ignore", invalid="ignore"):
            return by_blocks(lambda *a: lanes(vector, *a, *params),
                             lambda *a: lanes(scalar, *a, *params))(*operands[:arrays])
    return apply


def _apply(name, input, inplace, *params):
    """torch's NAME(input, *params), or NAME_ written into input when inplace (with the rule NAME_ if there is
    one: a derivative from the result); torch dispatches these kernels for floating dtypes only."""
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if input._data.dtype.kind != "f" and name not in INTEGER_INPUTS:
        raise NotImplementedError(f'"{KERNEL_NAMES.get(name, name + "_cpu")}" not implemented for '
                                  f"'{input.dtype.legacy_name[:-6]}'")
    if inplace:
        in_place_rule = R.get(name + "_", R[name])
        return inplace_write(input, lambda source: in_place_rule(source, params=params))
    return R[name](input, params=params)


def _from_self_or_result(name, node, forward, backward, param_names, formulas):
    """The rules of NAME (torch's <node>Backward0: R[backward] from the input) and of NAME_, in place
    (<node>Backward1: from the saved result, is_result true), whose backward rule takes (*params, is_result)."""
    def from_self(g, out, a, *params):
        return R[backward](g, a, params=(*params, False))

    def from_result(g, out, a, *params):
        return R[backward](g, out, params=(*params, True))
    saved_names = ("self", *param_names)
    return {name: Rule(node + "Backward0", forward, from_self, formulas=formulas[:1], saved_names=saved_names),
            name + "_": Rule(node + "Backward1", forward, from_result, save="output", formulas=formulas[1:],
                             saved_names=saved_names)}


def _piecewise_linear_backward(name, node, forward, formula, saved_names):
    """Declare the backward rule NAME(grad, self, *params) of a piecewise linear activation (leaky_relu_backward,
    hardtanh_backward): grad times a piecewise constant of self, so itself again in grad and 0 in self. (Its
    params pass on unchanged: leaky_relu_backward's self_is_result, false in torch's formula, changes nothing
    where a first backward succeeded.)"""
    rule(name, Rule(node, forward, lambda gg, _, g, a, *params: R[name](gg, a, params=params),
                    lambda gg, _, g, a, *params: zeros_like_constant(gg),
                    reads=((1,), ()), formulas=(formula, "0"), saved_names=saved_names))


def _times_scalar(t, c):
    return R["mul_scalar"](t, params=(c,))  # Tensor * Scalar in torch's C++ formulas: MulBackward1


# ---- leaky_relu: a > 0 ? a : a * slope (the vector form a * blend(slope, 1) gives the same bits) ---------------

def _leaky_relu(a, slope):
    return np.where(a > 0, a, a * a.dtype.type(slope))


def _leaky_relu_backward(g, a, slope, self_is_result):
    if self_is_result and slope < 0:
        raise RuntimeError(
            "In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
            "This is caused by calling in-place forward function with a negative slope, please call out-of-place "
            "version instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting "
            "in-place leakRelu backward calculation with negative slope")
    return np.where(a > 0, g, g * g.dtype.type(slope))


_piecewise_linear_backward("leaky_relu_backward", "LeakyReluBackwardBackward0", _leaky_relu_backward,
                           "1 if b > 0 else slope", ("grad_output", "self", "negative_slope", "self_is_result"))


@op("relu", method=False, namespaces=F)
def relu(input, inplace=False):
    """F.relu: torch.relu, or relu_ written into input (ReluBackward0 from the result, as torch's)."""
    return input.relu_() if inplace else torch_relu(input)


@op("relu_", method=False, namespaces=("torch", *F))
def relu_(input):
    return input.relu_()


@op("leaky_relu", method=False, namespaces=F, rules=_from_self_or_result(
    "leaky_relu", "LeakyRelu", _leaky_relu, "leaky_relu_backward", ("negative_slope",),
    ("1 if a > 0 else slope", "1 if out > 0 else slope")))
def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _apply("leaky_relu", input, inplace, negative_slope)


@op("leaky_relu_", method=False, namespaces=F)
def leaky_relu_(input, negative_slope=0.01):
    return _apply("leaky_relu", input, True, negative_slope)


# ---- elu (alpha; torch's scale and input_scale are 1): a > 0 ? a : expm1(a) * alpha --------------------------

_elu = _kernel(lambda f, a, alpha: np.where(a > 0, a, f.expm1(a) * alpha))
# elu_backward(grad, b = self or result): b > 0 ? grad : grad * alpha * exp(b), or grad * (b + alpha) from the result
_elu_backward_of_self = _kernel(lambda f, g, b, alpha: np.where(b > 0, g, g * alpha * f.exp(b)), arrays=2)
_elu_backward_of_result = _kernel(lambda f, g, b, alpha: np.where(b > 0, g, g * (b + alpha)), arrays=2)


def _elu_double_backward(gg, _, g, b, alpha, is_result):
    """torch's elu_double_backward (FunctionsManual.cpp), input_scale 1."""
    scaled = _times_scalar(gg * g, 1)
    negative = mask(b._data < 0, gg)
    if is_result:
        return scaled * negative
    return R["elu_backward"](scaled, b, params=(alpha, False)) * negative


rule("elu_backward", Rule(
    "EluBackwardBackward0",
    lambda g, b, alpha, is_result: (_elu_backward_of_result if is_result else _elu_backward_of_self)(g, b, alpha),
    lambda gg, _, g, b, alpha, is_result: R["elu_backward"](gg, b, params=(alpha, is_result)),
    _elu_double_backward,
    formulas=("1 if b > 0 else alpha * exp(b)", "a * alpha * exp(b) if b < 0 else 0"),
    saved_names=("grad_output", "self_or_result", "alpha", "is_result")))


@op("elu", method=False, namespaces=F, rules=_from_self_or_result("elu", "Elu", _elu, "elu_backward", ("alpha",), (
    "1 if a > 0 else alpha * exp(a)", "1 if out > 0 else out + alpha")))
def elu(input, alpha=1.0, inplace=False):
    return _apply("elu", input, inplace, alpha)


@op("elu_", method=False, namespaces=F)
def elu_(input, alpha=1.0):
    return _apply("elu", input, True, alpha)


# ---- silu: x / (1 + exp(-x)) -------------------------------------------------------------------------------------

def _silu_backward_lanes(f, g, x):
    """silu_backward's kernel: dy * s * (1 + x * (1 - s)), s = 1 / (1 + exp(-x)), the compiler contracting
    1 + x * (1 - s) into an FMA."""
    s = 1 / (1 + f.exp(-x))
    return g * s * fma(x, 1 - s, np.ones((), x.dtype))


_silu_backward = _kernel(_silu_backward_lanes, arrays=2)


def _silu_vjp(g, out, x):
    """As derivatives.yaml: with grad mode on (create_graph), infinitely_differentiable_silu_backward's ops,
    grad * s * (1 + x * (1 - s)); else the silu_backward kernel, no node."""
    if not grad_mode.state.enabled:
        return _make(_silu_backward(g._data, x._data))
    s = sigmoid(x)
    return g * s * R["add_scalar"](x * (1.0 - s), params=(1.0,))


@op("silu", method=False, namespaces=F, rules=dict(silu=Rule(
    "SiluBackward0", _kernel(lambda f, x: x / (1 + f.exp(-x))), _silu_vjp,
    formulas=("s * (1 + a * (1 - s)), s = sigmoid(a)",))))
def silu(input, inplace=False):
    return _apply("silu", input, inplace)


# ---- softplus: a * beta > threshold ? a : log1p(exp(a * beta)) / beta --------------------------------------------

def _softplus_lanes(f, a, beta, threshold):
    scaled = a * beta
    return np.where(scaled > threshold, a, f.log1p(f.exp(scaled)) / beta)


def _softplus_backward_lanes(f, g, a, beta, threshold):
    z = f.exp(a * beta)
    return np.where(a * beta > threshold, g, g * z / (z + 1))


def _softplus_double_backward(gg, _, g, a, beta, threshold):
    """torch's softplus_double_backward(grad * grad_output, self, beta, threshold) (FunctionsManual.cpp)."""
    x = _times_scalar(a, beta)
    product = gg * g
    return _times_scalar(R["sigmoid_backward"](product, sigmoid(x)) * mask(x._data < threshold, product), beta)


rule("softplus_backward", Rule(
    "SoftplusBackwardBackward0", _kernel(_softplus_backward_lanes, arrays=2),
    lambda gg, _, g, a, beta, threshold: R["softplus_backward"](gg, a, params=(beta, threshold)),
    _softplus_double_backward,
    formulas=("sigmoid(beta * b), 1 above the threshold", "a * beta * s * (1 - s), s = sigmoid(beta * b)"),
    saved_names=("grad_output", "self", "beta", "threshold")))


@op("softplus", method=False, namespaces=F, rules=dict(softplus=Rule(
    "SoftplusBackward0", _kernel(_softplus_lanes),
    lambda g, out, a, beta, threshold: R["softplus_backward"](g, a, params=(beta, threshold)),
    formulas=("sigmoid(beta * a), 1 where beta * a > threshold",), saved_names=("self", "beta", "threshold"))))
def softplus(input, beta=1.0, threshold=20.0):
    return _apply("softplus", input, False, beta, threshold)


# ---- gelu: x/2 (1 + erf(x / sqrt 2)), or with approximate='tanh' x/2 (1 + tanh(b (x + k x**3))) ---------------

GELU_ALPHA = 0.70710678118654752440  # M_SQRT1_2
GELU_BETA = 1.12837916709551257390 * GELU_ALPHA * 0.5  # M_2_SQRTPI * M_SQRT1_2 / 2: the normal density's factor
TANH_BETA = 1.41421356237309504880 * 1.12837916709551257390 * 0.5  # M_SQRT2 * M_2_SQRTPI / 2: sqrt(2 / pi)
KAPPA = 0.044715


# The kernels' a * b + c are FMAs where the compiler contracts them: with the stand-ins for erf and tanh, these
# agree with torch's gradients on 4 to 6 times more elements than the uncontracted forms (3,600 inputs measured).

def _gelu_lanes(f, x):
    c = x.dtype.type
    return x * c(0.5) * (1 + f.erf(x * c(GELU_ALPHA)))


def _gelu_tanh_lanes(f, x):
    c = x.dtype.type
    return c(0.5) * x * (1 + f.tanh(c(TANH_BETA) * fma(c(KAPPA), x * x * x, x)))


def _gelu_backward_lanes(f, dy, x):
    """dy (cdf + x pdf)."""
    c = x.dtype.type
    cdf = c(0.5) * (1 + f.erf(x * c(GELU_ALPHA)))
    pdf = c(GELU_BETA) * f.exp(x * x * c(-0.5))
    return dy * fma(x, pdf, cdf)


def _gelu_tanh_backward_lanes(f, dy, x):
    c = x.dtype.type
    x_squared = x * x
    tanh_inner = f.tanh(c(TANH_BETA) * fma(c(KAPPA), x_squared * x, x))
    left_derivative = c(0.5) * (1 + tanh_inner)
    tanh_derivative = fma(-tanh_inner, tanh_inner, np.ones((), x.dtype))
    inner_derivative = c(TANH_BETA) * fma(c(3) * c(KAPPA), x_squared, np.ones((), x.dtype))
    return dy * fma(c(0.5) * x * tanh_derivative, inner_derivative, left_derivative)


GELU_KERNELS = {"none": (_kernel(_gelu_lanes), _kernel(_gelu_backward_lanes, arrays=2)),
                "tanh": (_kernel(_gelu_tanh_lanes), _kernel(_gelu_tanh_backward_lanes, arrays=2))}


def _gelu_double_backward(gg, _, g, x, approximate):
    """torch's gelu_double_backward (FunctionsManual.cpp), op for op as the graph it records shows."""
    if approximate == "none":
        pdf = _times_scalar(exp(_times_scalar(x * x, -0.5)), GELU_BETA)
        return gg * g * (_times_scalar(pdf, 2) - x * x * pdf)
    inner = _times_scalar(x + _times_scalar(x ** 3, KAPPA), TANH_BETA)
    tanh_inner, sech_inner = tanh(inner), binary(R["div"], 1.0, cosh(inner), floating=True)
    f = _times_scalar(x, 0.5)
    g_ = binary(R["sub"], 1.0, tanh_inner * tanh_inner, params=(1,))
    h = _times_scalar(R["add_scalar"](_times_scalar(x, 3 * KAPPA) * x, params=(1,)), TANH_BETA)
    f_prime_gh = _times_scalar(g_, 0.5) * h
    g_prime_fh = f * h * (_times_scalar(sech_inner, 2) * (-sech_inner * tanh_inner) * h)
    h_prime_fg = f * g_ * _times_scalar(_times_scalar(x, 6 * KAPPA), TANH_BETA)
    return gg * g * (_times_scalar(f_prime_gh, 2) + g_prime_fh + h_prime_fg)


rule("gelu_backward", Rule(
    "GeluBackwardBackward0", lambda g, x, approximate: GELU_KERNELS[approximate][1](g, x),
    lambda gg, _, g, x, approximate: R["gelu_backward"](gg, x, params=(approximate,)),
    _gelu_double_backward,
    formulas=("gelu'(b)", "a * gelu''(b)"), saved_names=("grad_output", "self", "approximate")))


@op("gelu", method=False, namespaces=F, rules=dict(gelu=Rule(
    "GeluBackward0", lambda x, approximate: GELU_KERNELS[approximate][0](x),
    lambda g, out, x, approximate: R["gelu_backward"](g, x, params=(approximate,)),
    formulas=("Phi(a) + a phi(a) (approximate='tanh': its derivative)",), saved_names=("self", "approximate"))))
def gelu(input, approximate="none"):
    if approximate not in GELU_KERNELS:
        raise RuntimeError("approximate argument must be either none or tanh.")
    return _apply("gelu", input, False, approximate)


# ---- hardtanh: clamp(a, min_val, max_val); relu6 is hardtanh(a, 0, 6) -------------------------------------------

def _hardtanh(a, low, high):
    return np.clip(a, a.dtype.type(low), a.dtype.type(high))


def _hardtanh_backward(g, a, low, high):
    """grad inside (low, high), else +0; the vector lanes test low < a < high (NaN: 0), the scalar tail
    a <= low || a >= high (NaN: grad)."""
    low, high, zero = a.dtype.type(low), a.dtype.type(high), np.zeros((), g.dtype)
    return by_blocks(lambda g, a: np.where((a > low) & (a < high), g, zero),
                     lambda g, a: np.where((a <= low) | (a >= high), zero, g))(g, a)


_piecewise_linear_backward("hardtanh_backward", "HardtanhBackwardBackward0", _hardtanh_backward,
                           "1 if min_val < b < max_val else 0", ("grad_output", "self", "min_val", "max_val"))


@op("hardtanh", method=False, namespaces=F, rules=dict(hardtanh=Rule(
    "HardtanhBackward0", _hardtanh,
    lambda g, out, a, low, high: R["hardtanh_backward"](g, a, params=(low, high)),
    formulas=("1 if min_val < a < max_val else 0",), saved_names=("self", "min_val", "max_val"))))
def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    return _apply("hardtanh", input, inplace, min_val, max_val)


@op("hardtanh_", method=False, namespaces=F)
def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return _apply("hardtanh", input, True, min_val, max_val)


@op("relu6", method=False, namespaces=F)
def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


# ---- prelu: a > 0 ? a : weight * a, one weight per channel (dim 1) or one for all -----------------------------------
# torch's _prelu_kernel_backward is one node with two outputs (the input's and the weight's gradients); here each
# is a rule of its own under torch's name, with the vjps derivatives.yaml gives when only that output has a
# gradient (grads[0], grads[1]); the weight's gradient is the elementwise a * grad summed to the weight's shape.

def _not_positive_or_zero(a):
    return ~(a._data >= 0)  # derivatives.yaml's where(self >= 0, 0, ...)


rule("prelu_kernel_backward_self", Rule(
    "PreluKernelBackwardBackward0", lambda g, a, w: np.where(a > 0, g, w * g),
    lambda gg, _, g, a, w: R["where"](gg, gg * w, params=(a._data >= 0,)),
    lambda gg, _, g, a, w: zeros_like_constant(a),
    lambda gg, _, g, a, w: where_or_zero(_not_positive_or_zero(a), g * gg),
    formulas=("1 if b > 0 else c", "0", "a if b < 0 else 0"), saved_names=("grad_output", "self", "weight")))
rule("prelu_kernel_backward_weight", Rule(
    "PreluKernelBackwardBackward0", lambda g, a, w: np.where(a > 0, np.zeros((), g.dtype), a * g),
    lambda gg, _, g, a, w: where_or_zero(_not_positive_or_zero(a), gg * a),
    lambda gg, _, g, a, w: where_or_zero(_not_positive_or_zero(a), g * gg),
    lambda gg, _, g, a, w: zeros_like_constant(a),
    formulas=("b if b < 0 else 0", "a if b < 0 else 0", "0"), saved_names=("grad_output", "self", "weight")))


@op("prelu", method=True, namespaces=("torch", *F), rules=dict(prelu=Rule(
    "PreluKernelBackward0", lambda a, w: np.where(a > 0, a, w * a),
    lambda g, out, a, w: R["prelu_kernel_backward_self"](g, a, w),
    lambda g, out, a, w: R["prelu_kernel_backward_weight"](g, a, w),
    formulas=("1 if a > 0 else b", "a if a <= 0 else 0"), saved_names=("self", "weight"))))
def prelu(input, weight):
    """torch's prelu: checks, then weight reshaped to broadcast along dim 1 (a view), then _prelu_kernel."""
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {input.dtype.legacy_name[:-6]} and "
                           f"{weight.dtype.legacy_name[:-6]}")
    if weight.numel() != 1:
        if input.ndim == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.ndim > 1 else 1
        if channels != weight.numel():
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                               f"{weight.numel()} and channel size = {channels}.")
    if weight.ndim > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.ndim}")
    if input.ndim != weight.ndim:
        shape = [1] * input.ndim
        if input.ndim > 1:
            shape[1] = weight.numel()
        weight = weight.reshape(shape)
    return R["prelu"](input, weight)
