"""torch.nn.functional: activations and losses. Each loss is one node, as in torch (the reduction inside its
rule), declared here beside its public function; relu, sigmoid, tanh, softmax and log_softmax are the
torch ops, exported here by their declarations in gradcli/engine/ops."""

import builtins
import math
import warnings

import numpy as np

from . import dtypes
from .ops.linalg import addmm, matmul
from .ops.pointwise import clamp, log, sigmoid
from .ops.reductions import log_softmax
from .ops.shared import broadcast_error, const, mask, operands, zeros_like_constant
from .clibrary import c_function
from .kernels import fma, sleef_expf
from .libm import log1pf, logf
from .reduce import _sequential, nll_cascade, product_sums, torch_mean, torch_sum, vector_sum_rows
from .sleef import expd_u10, log1p_u10, log1pf_u10
from .rules import R, Rule, op, rule
from .tensor import Tensor, _make

F = ("torch.nn.functional",)
_REDUCTIONS = ("mean", "sum", "none")


def reduction_argument(reduction, size_average=None, reduce=None):
    if reduce is False:
        return "none"
    if size_average is False:
        return "sum"
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _same_size(input, target):
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")


def _array(t, like):
    return None if t is None else np.broadcast_to(t._data if isinstance(t, Tensor) else np.asarray(t), like.shape).astype(like._data.dtype)


# ---- what the loss rules compute ------------------------------------------------------------------------------

def _reduce_array(loss, reduction):
    return torch_mean(loss) if reduction == "mean" else torch_sum(loss) if reduction == "sum" else loss


def _mean_of(d, x):
    """d / x.numel(), as torch's loss backward functions divide for 'mean' (a number: DivBackward1)."""
    return R["div_scalar"](d, params=(builtins.max(int(np.prod(x.shape)), 1),))


def _weighted(d, w, x, reduction):
    """A loss's gradient (the local derivative already times the incoming gradient) times the weight, then
    / numel for 'mean': the order of torch's loss backward functions (binary_cross_entropy_with_logits_backward)."""
    if w is not None:
        d = d * const(w)
    return _mean_of(d, x) if reduction == "mean" else d


def _log_sigmoid(x):
    """torch's log_sigmoid kernel (Activation.cpp): min(x, 0) - log1p(exp(-|x|)) with Vectorized<>'s exp and
    log1p (SLEEF's), the last partial vector padded: no scalar tail."""
    exp, log1p = (sleef_expf, log1pf_u10) if x.dtype == np.float32 else (expd_u10, log1p_u10)
    with np.errstate(over="ignore"):
        return np.minimum(x, x.dtype.type(0)) - log1p(np.reshape(exp(-np.abs(x)), x.shape))


def _bce_logits(x, y, w, pw):
    """torch 2.13's binary_cross_entropy_with_logits (Loss.cpp), op by op, each rounded:
    (1 - y) * x - log_sigmoid(x) * ((pw - 1) * y + 1), times the weight."""
    one = x.dtype.type(1)
    log_sigmoid = _log_sigmoid(x)
    if pw is not None:
        log_sigmoid = log_sigmoid * ((pw - one) * y + one)
    loss = (one - y) * x - log_sigmoid
    return loss * w if w is not None else loss


def _bce_logits_dx(x, y, pw):
    if pw is None:
        return sigmoid(x) - y
    pw_y = const(pw) * y  # an array param: a NumPy operand would reach operands(), which takes Tensors and numbers
    return (pw_y + 1 - y) * sigmoid(x) - pw_y


def _bce_logits_dy_times_grad(g, x, pw):
    if pw is None:
        return x * -g  # torch: self.mul(-grad)
    return (log(sigmoid(-x)) - log(sigmoid(x)) * const(pw)) * g


_C_LOGS = {"log": (logf, c_function("log", np.log)), "log1p": (log1pf, c_function("log1p", np.log1p))}


def _clamped_log(name, a):
    """torch clamps BCE's logs at -100 so log(0) stays finite.  Its scalar kernel calls the C library's
    logf/log1pf (glibc's, emulated in libm.py) or, for float64, log/log1p."""
    float32_function, float64_function = _C_LOGS[name]
    with np.errstate(divide="ignore"):
        logs = float32_function(a) if a.dtype == np.float32 else float64_function(a)
    return np.maximum(logs, a.dtype.type(-100))


def _bce(p, y, w):
    # torch's scalar kernel (Loss.cpp): (y - 1) * max(log1p(-p), -100) - y * max(log(p), -100)
    loss = (y - y.dtype.type(1)) * _clamped_log("log1p", -p) - y * _clamped_log("log", p)
    return loss * w if w is not None else loss


BCE_EPSILON = 1e-12  # torch's floor on p * (1 - p) in BCE's gradient


def _bce_backward(g, p, y, w, reduction):
    """torch's binary_cross_entropy_backward kernel: g * (p - y) / max((1 - p) * p, eps), times the weight,
    / numel for 'mean', in p's dtype."""
    dtype = p.dtype.type
    d = g * (p - y) / np.maximum((1 - p) * p, dtype(BCE_EPSILON))
    if w is not None:
        d = d * w
    return d / dtype(p.size) if reduction == "mean" else d


def _bce_double_backward(g, gg, p, y, w, reduction):
    """d/dp of _bce_backward (torch's binary_cross_entropy_double_backward)."""
    d = (p * p - R["mul_scalar"](p, params=(2,)) * y + y) / (
        R["add_scalar"](p, params=(BCE_EPSILON,)) ** 2 * R["add_scalar"](1 - p, params=(BCE_EPSILON,)) ** 2)
    d = d * (gg * g)
    if w is not None:
        d = d * const(w)
    return _mean_of(d, p) if reduction == "mean" else d


def _bce_double_backward_target(g, gg, p, w, reduction):
    """d/dy of _bce_backward (torch's binary_cross_entropy_double_backward_target)."""
    d = -gg * g
    if w is not None:
        d = d * const(w)
    d = d / clamp((1 - p) * p, min=BCE_EPSILON)
    return _mean_of(d, p) if reduction == "mean" else d


# binary_cross_entropy's input gradient is one op in torch (BinaryCrossEntropyBackwardBackward0).
rule("bce_backward", Rule(
    "BinaryCrossEntropyBackwardBackward0", _bce_backward,
    lambda gg, _, g, p, y, w, reduction: R["bce_backward"](gg, p, y, params=(w, reduction)),
    lambda gg, _, g, p, y, w, reduction: _bce_double_backward(g, gg, p, y, w, reduction),
    lambda gg, _, g, p, y, w, reduction: _bce_double_backward_target(g, gg, p, w, reduction),
    formulas=("(b - c) / (b * (1 - b))  (times weight; / numel for 'mean')",
              "grad * (b**2 - 2 * b * c + c) / (b**2 * (1 - b)**2)", "-grad / (b * (1 - b))"),
    saved_names=("grad_output", "self", "target", "weight", "reduction")))


def _bce_dy(p):
    """-logit(p), as torch's binary_cross_entropy_target_backward (Tensor ops, so d2L/dp dy is not lost)."""
    return -log(p / (1 - p))


def _nll_weights(logp_shape, target, weight, ignore):
    """Per-sample weights w[target] (0 where ignored) and their sum, for the 'mean' reduction."""
    w = np.ones(target.shape) if weight is None else weight[np.where(target == ignore, 0, target)]
    w = np.where(target == ignore, 0, w)
    return w, w.sum()


def _nll_forward(logp, target, weight, reduction, ignore):
    rows = np.arange(target.size).reshape(target.shape)
    safe_target = np.where(target == ignore, 0, target)
    picked = logp[rows, safe_target] if logp.ndim == 2 else logp[safe_target]
    dtype = logp.dtype.type
    class_weight = None if weight is None else weight.astype(logp.dtype)[safe_target]
    if reduction == "none":
        return np.where(target == ignore, dtype(0), -picked if weight is None else -picked * class_weight)
    live = np.flatnonzero(np.reshape(target != ignore, -1))
    batch = target.size
    terms = np.reshape(picked, -1)[live]
    if weight is None:
        total_weight = dtype(live.size)
    else:
        class_weight = np.reshape(class_weight, -1)[live]
        terms = terms * class_weight
        total_weight = nll_cascade(class_weight, live, batch)
    total = nll_cascade(-terms, live, batch)  # torch subtracts each term: the same as adding its negation
    if reduction == "sum":
        return total
    with np.errstate(divide="ignore", invalid="ignore"):
        return total / total_weight


def _nll_backward(g, logp, target, weight, reduction, ignore):
    """torch's nll_loss_backward kernel: -w[target] * g at each target class (g / total weight for 'mean')."""
    w, total = _nll_weights(logp.shape, target, weight, ignore)
    dtype = logp.dtype.type
    if reduction == "mean":
        g = g / dtype(total)
    if reduction == "none" and logp.ndim == 2:
        g = g[:, None]
    out = np.zeros(logp.shape, logp.dtype)
    kept = target != ignore  # ignored rows stay +0, as torch leaves them
    values = np.broadcast_to(-w.astype(logp.dtype) * np.reshape(g, (-1,) if g.ndim else ()), target.shape)
    if logp.ndim == 2:
        out[np.arange(target.size)[kept], target[kept]] = values[kept]
    elif kept:
        out[target] = values
    return out


# nll_loss's backward is one op in torch (NllLossBackwardBackward0 under create_graph=True): linear in the
# incoming gradient (whose own gradient is nll_loss again), constant in the log-probabilities.
rule("nll_backward", Rule(
    "NllLossBackwardBackward0", _nll_backward,
    lambda gg, _, g, logp, target, weight, reduction, ignore: R["nll"](gg, _make(target), params=(weight, reduction, ignore)),
    lambda gg, _, g, logp, target, weight, reduction, ignore: zeros_like_constant(gg),
    save=None, formulas=("-weight[target] at each target class, 0 elsewhere  (/ total weight for 'mean')", "0"),
    saved_names=("grad_output", "self", "target", "weight", "reduction", "ignore_index")))


# ---- the losses ------------------------------------------------------------------------------------------------

@op("binary_cross_entropy_with_logits", method=False, namespaces=F, rules=dict(bce_logits=Rule(
    "BinaryCrossEntropyWithLogitsBackward0",
    lambda x, y, w, pw, reduction: _reduce_array(_bce_logits(x, y, w, pw), reduction),
    lambda g, out, x, y, w, pw, reduction: _weighted(_bce_logits_dx(x, y, pw) * g, w, x, reduction),
    lambda g, out, x, y, w, pw, reduction: _weighted(_bce_logits_dy_times_grad(g, x, pw), w, x, reduction),
    formulas=("sigmoid(a) - b  (with weight, pos_weight; / numel for 'mean')", "-a  (with weight, pos_weight; / numel for 'mean')"),
    saved_names=("self", "target", "weight", "pos_weight", "reduction"))))
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    _same_size(input, target)
    arrays = operands(input, target)
    return R["bce_logits"](input, target, arrays=arrays,
                           params=(_array(weight, input), _array(pos_weight, input), reduction_argument(reduction, size_average, reduce)))


@op("binary_cross_entropy", method=False, namespaces=F, rules=dict(bce=Rule(
    "BinaryCrossEntropyBackward0", lambda p, y, w, reduction: _reduce_array(_bce(p, y, w), reduction),
    lambda g, out, p, y, w, reduction: R["bce_backward"](g, p, y, params=(w, reduction)),
    lambda g, out, p, y, w, reduction: _weighted(_bce_dy(p) * g, w, p, reduction),
    formulas=("(a - b) / (a * (1 - a))  (times weight; / numel for 'mean')", "log(1 - a) - log(a)  (times weight; / numel for 'mean')"),
    saved_names=("self", "target", "weight", "reduction"))))
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input size ({input.shape}) "
                         "is deprecated. Please ensure they have the same size.")
    if ((input._data < 0) | (input._data > 1)).any():
        raise RuntimeError("all elements of input should be between 0 and 1")
    arrays = operands(input, target)
    return R["bce"](input, target, arrays=arrays, params=(_array(weight, input), reduction_argument(reduction, size_average, reduce)))


def _mse_backward(g, x, y, reduction):
    """torch's mse_loss_backward kernel: norm * (x - y) * g, norm = 2 (/ numel for 'mean') in x's dtype."""
    norm = 2 / builtins.max(x.size, 1) if reduction == "mean" else 2.
    return x.dtype.type(norm) * (x - y) * g


def _mse_double_backward(g, x, reduction):
    g = R["mul_scalar"](g, params=(2,))
    return _mean_of(g, x) if reduction == "mean" else g


# mse_loss's backward is one op in torch (a derivative taken with create_graph=True is a MseLossBackwardBackward0);
# the target's gradient is the same op with input and target swapped.
rule("mse_backward", Rule(
    "MseLossBackwardBackward0", _mse_backward,
    lambda gg, _, g, x, y, reduction: R["mse_backward"](gg, x, y, params=(reduction,)),
    lambda gg, _, g, x, y, reduction: _mse_double_backward(gg * g, x, reduction),
    lambda gg, _, g, x, y, reduction: -_mse_double_backward(gg * g, y, reduction),
    reads=((1, 2), (0,), (0,)), formulas=("2 * (b - c)  (/ numel for 'mean')", "2 * grad", "-2 * grad"),
    saved_names=("grad_output", "self", "target", "reduction")))


@op("mse_loss", method=False, namespaces=F, rules=dict(mse=Rule(
    "MseLossBackward0", lambda x, y, reduction: _reduce_array((x - y) ** 2, reduction),
    lambda g, out, x, y, reduction: R["mse_backward"](g, x, y, params=(reduction,)),
    lambda g, out, x, y, reduction: R["mse_backward"](g, y, x, params=(reduction,)),
    formulas=("2 * (a - b)  (/ numel for 'mean')", "-2 * (a - b)  (/ numel for 'mean')"),
    saved_names=("self", "target", "reduction"))))
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    return _elementwise_loss("mse", input, target, (reduction_argument(reduction, size_average, reduce),))


def _elementwise_loss(name, input, target, params):
    """A loss taken element by element (mse, smooth_l1, huber) as F.'s function runs it: torch's warning when the
    shapes differ (they broadcast), then the rule."""
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size ({input.shape}). "
                      "This will likely lead to incorrect results due to broadcasting. Please ensure they have the "
                      "same size.", UserWarning, stacklevel=3)
    arrays = operands(input, target)
    try:
        return R[name](input, target, arrays=arrays, params=params)
    except ValueError:
        raise broadcast_error(*arrays) from None


@op("l1_loss", method=False, namespaces=F)
def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    loss = (input - target).abs()  # torch records l1_loss as these ops (MeanBackward0 <- AbsBackward0)
    reduction = reduction_argument(reduction, size_average, reduce)
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


# ---- smooth_l1_loss and huber_loss: torch's kernels (BinaryOpsKernel.cpp, PointwiseOpsKernel.cpp) ------------

def _smooth_l1(x, y, beta):
    z = np.abs(x - y)
    half, beta = x.dtype.type(0.5), x.dtype.type(beta)
    with np.errstate(invalid="ignore"):
        return np.where(z < beta, half * z * z / beta, z - half * beta)


def _huber(x, y, delta):
    z = np.abs(x - y)
    half, delta = x.dtype.type(0.5), x.dtype.type(delta)
    with np.errstate(invalid="ignore"):
        return np.where(z < delta, half * z * z, delta * (z - half * delta))


# The loss backwards below (PointwiseOpsKernel.cpp) give the 32-byte vectors' split under torch's AVX512 build too
# (measured: its smooth_l1 and huber gradients are those of 16-float steps), unlike the elementwise functions.
LOSS_VECTOR_BYTES = 32


def _vectorised_and_tail(vector, scalar, *arrays):
    """cpu_kernel_vec's split: the vector lambda on whole steps of two 32-byte vectors, the scalar lambda on the
    last n % (2 * lanes) elements (when every operand is contiguous or a single broadcast element);
    the scalar lambda everywhere else, as torch's basic loop."""
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    full = [a.shape == shape for a in arrays]
    if not all(full) and (full.count(False) > 1 or any(a.size != 1 for a, f in zip(arrays, full) if not f)):
        return scalar(*arrays)
    out = np.asarray(vector(*arrays)).reshape(-1)
    n = out.size
    step = 2 * LOSS_VECTOR_BYTES // arrays[0].itemsize
    tail = n % step
    if tail:
        last = [np.broadcast_to(a, shape).reshape(-1)[n - tail:] for a in arrays]
        out[n - tail:] = scalar(*last)
    return out.reshape(shape)


def _norm(x, reduction):
    """The backward kernels' scale: 1 / numel for 'mean' (in double, then the dtype), else 1."""
    return x.dtype.type(1 / builtins.max(x.size, 1) if reduction == "mean" else 1.)


def _in_double(value, dtype):
    """A float expression the C++ kernel evaluates with a double parameter: computed in float64, then rounded."""
    return np.asarray(value, np.float64).astype(dtype)


def _smooth_l1_backward(g, x, y, reduction, beta):
    """smooth_l1_backward_cpu_kernel: vector steps (norm * blend(x / beta, +-1)) * g; the scalar tail
    (+-norm) * g or ((norm * x) * g) / beta, that division in double (beta is a double there)."""
    norm, beta_float = _norm(x, reduction), x.dtype.type(beta)

    def vector(x, y, g):
        d = x - y
        with np.errstate(invalid="ignore", divide="ignore"):
            slope = np.where(np.abs(d) >= beta_float, np.where(d > 0, 1, -1).astype(x.dtype), d / beta_float)
        return norm * slope * g

    def scalar(x, y, g):
        d = x - y
        with np.errstate(invalid="ignore", divide="ignore"):
            inside = _in_double(np.asarray(norm * d * g, np.float64) / beta, x.dtype)
            return np.where(d <= -beta, -norm * g, np.where(d >= beta, norm * g, inside))
    return _vectorised_and_tail(vector, scalar, x, y, g.astype(x.dtype))


def _huber_backward(g, x, y, reduction, delta):
    """huber_backward_cpu_kernel: vector steps (norm * blend(x, +-delta)) * g; the scalar tail
    ((+-norm) * g) * delta, that product in double (delta is a double there), or (norm * x) * g."""
    norm, delta_float = _norm(x, reduction), x.dtype.type(delta)

    def vector(x, y, g):
        d = x - y
        with np.errstate(invalid="ignore"):
            slope = np.where(np.abs(d) >= delta_float, np.where(d > 0, delta_float, -delta_float), d)
        return norm * slope * g

    def scalar(x, y, g):
        d = x - y
        with np.errstate(invalid="ignore"):
            outside = _in_double(np.asarray(norm * g, np.float64) * delta, x.dtype)
            return np.where(d <= -delta, -outside, np.where(d >= delta, outside, norm * d * g))
    return _vectorised_and_tail(vector, scalar, x, y, g.astype(x.dtype))


def _inside(x, y, bound):
    """The constant mask |x - y| < bound, in x's dtype (the double backward's `(d < beta).type_as(grad)`)."""
    return mask(np.abs(x._data - y._data) < bound, x)


def _smooth_l1_double_backward(gg_g, x, y, reduction, beta):
    """torch's smooth_l1_loss_double_backward: grad * (|x - y| < beta) / beta (/ numel for 'mean'); 0 when beta is 0."""
    if beta == 0:
        return zeros_like_constant(gg_g)
    d = R["div_scalar"](gg_g * _inside(x, y, beta), params=(beta,))
    return _mean_of(d, x) if reduction == "mean" else d


def _huber_double_backward(gg_g, x, y, reduction, delta):
    """torch's huber_loss_double_backward: grad * (|x - y| < delta) (/ numel for 'mean')."""
    d = gg_g * _inside(x, y, delta)
    return _mean_of(d, x) if reduction == "mean" else d


# The backward of each is one op in torch (SmoothL1LossBackwardBackward0, HuberLossBackwardBackward0 under
# create_graph=True); the target's gradient is the same op with input and target swapped.
for _name, _node, _kernel, _second, _formulas in (
        ("smooth_l1_backward", "SmoothL1LossBackwardBackward0", _smooth_l1_backward, _smooth_l1_double_backward,
         ("(b - c) / beta inside |b - c| < beta, sign(b - c) outside  (/ numel for 'mean')",
          "grad / beta inside |b - c| < beta, 0 outside", "-grad / beta inside |b - c| < beta, 0 outside")),
        ("huber_backward", "HuberLossBackwardBackward0", _huber_backward, _huber_double_backward,
         ("b - c inside |b - c| < delta, delta * sign(b - c) outside  (/ numel for 'mean')",
          "grad inside |b - c| < delta, 0 outside", "-grad inside |b - c| < delta, 0 outside"))):
    rule(_name, Rule(
        _node, _kernel,
        lambda gg, _, g, x, y, reduction, bound, _name=_name: R[_name](gg, x, y, params=(reduction, bound)),
        lambda gg, _, g, x, y, reduction, bound, _second=_second: _second(gg * g, x, y, reduction, bound),
        lambda gg, _, g, x, y, reduction, bound, _second=_second: -_second(gg * g, x, y, reduction, bound),
        formulas=_formulas, saved_names=("grad_output", "self", "target", "reduction",
                                         "beta" if _name == "smooth_l1_backward" else "delta")))


def _pointwise_loss_rule(grad_fn, kernel, backward, bound, formulas):
    """smooth_l1_loss's or huber_loss's rule: the kernel, then the reduction; both gradients are the backward
    kernel's op, the target's with input and target swapped."""
    return Rule(grad_fn, lambda x, y, reduction, b: _reduce_array(kernel(x, y, b), reduction),
                lambda g, out, x, y, reduction, b: R[backward](g, x, y, params=(reduction, b)),
                lambda g, out, x, y, reduction, b: R[backward](g, y, x, params=(reduction, b)),
                formulas=formulas, saved_names=("self", "target", "reduction", bound))


@op("smooth_l1_loss", method=False, namespaces=F, rules=dict(smooth_l1=_pointwise_loss_rule(
    "SmoothL1LossBackward0", _smooth_l1, "smooth_l1_backward", "beta",
    ("(a - b) / beta inside |a - b| < beta, sign(a - b) outside  (/ numel for 'mean')",
     "-(a - b) / beta inside |a - b| < beta, -sign(a - b) outside  (/ numel for 'mean')"))))
def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = reduction_argument(reduction, size_average, reduce)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0:  # torch's smooth_l1_loss is then its l1_loss
        return l1_loss(input, target, reduction=reduction)
    return _elementwise_loss("smooth_l1", input, target, (reduction, float(beta)))


@op("huber_loss", method=False, namespaces=F, rules=dict(huber=_pointwise_loss_rule(
    "HuberLossBackward0", _huber, "huber_backward", "delta",
    ("a - b inside |a - b| < delta, delta * sign(a - b) outside  (/ numel for 'mean')",
     "b - a inside |a - b| < delta, -delta * sign(a - b) outside  (/ numel for 'mean')"))))
def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    if weight is None:
        return _elementwise_loss("huber", input, target, (reduction, float(delta)))
    if weight.shape != input.shape:
        raise ValueError("Weights and input must have the same size.")
    loss = _elementwise_loss("huber", input, target, ("none", float(delta))) * weight  # torch composes ops here
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


@op("nll_loss", method=False, namespaces=F, rules=dict(nll=Rule(
    "NllLossBackward0", _nll_forward,
    lambda g, out, logp, target, weight, reduction, ignore: R["nll_backward"](g, logp, params=(target._data, weight, reduction, ignore)),
    formulas=("-weight[target] at each target class, 0 elsewhere  (/ total weight for 'mean')",),
    saved_names=("self", "target", "weight", "reduction", "ignore_index"))))
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    if target.dtype.is_floating_point:
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target.dtype.legacy_name[:-6]}")
    if target.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input.ndim == 2 and target.ndim == 1 and input.shape[0] != target.shape[0]:
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size ({target.shape[0]}).")
    classes = input.shape[-1] if input.ndim else 0
    bad = (target._data != ignore_index) & ((target._data < 0) | (target._data >= classes))
    if bad.any():
        raise IndexError(f"Target {int(target._data[bad].reshape(-1)[0])} is out of bounds.")
    w = None if weight is None else weight._data
    return R["nll"](input, target, params=(w, reduction_argument(reduction, size_average, reduce), ignore_index))


@op("cross_entropy", method=False, namespaces=F)
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    """torch's cross_entropy_loss: a target of the input's shape holds class probabilities, else class indices;
    with label_smoothing, the torch's mix of the loss and the mean log-probability, op by op as torch computes
    them (aten/src/ATen/native/LossNLL.cpp)."""
    dim = 1 if input.ndim > 1 else 0
    if input.shape == target.shape:
        if not target.dtype.is_floating_point:
            raise RuntimeError("Expected floating point type for target with class probabilities, got "
                               f"{target.dtype.legacy_name[:-len('Tensor')]}")
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        return _probabilities_cross_entropy(log_softmax(input, dim), target, weight, dim,
                                            reduction_argument(reduction, size_average, reduce), _smoothing(label_smoothing))
    if label_smoothing > 0.0:
        return _smoothed_cross_entropy(log_softmax(input, dim), target, weight, dim, ignore_index,
                                       reduction_argument(reduction, size_average, reduce), _smoothing(label_smoothing))
    return nll_loss(log_softmax(input, dim), target, weight, size_average, ignore_index, reduce, reduction)


def _smoothing(label_smoothing):
    if label_smoothing > 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing:g}")
    return label_smoothing


def _class_weights(weight, logp, dim):
    """weight viewed to broadcast along the class dim of logp."""
    return weight.view(*[weight.shape[0] if d == dim else 1 for d in range(logp.ndim)])


def _probabilities_cross_entropy(logp, target, weight, dim, reduction, label_smoothing):
    classes = logp.shape[dim]
    if label_smoothing > 0.0:
        target = target * (1 - label_smoothing) + (label_smoothing / classes)
    terms = logp * target if weight is None else logp * target * (_class_weights(weight, logp, dim)
                                                                if logp.ndim > 1 else weight)
    if reduction == "none":
        return -terms.sum(dim)
    total = -terms.sum()
    if reduction == "sum":
        return total
    if not logp.numel():
        return total.fill_(math.nan)
    return R["div_scalar"](total, params=(logp.numel() // classes,))  # a tensor by a count: DivBackward1


def _smoothed_cross_entropy(logp, target, weight, dim, ignore_index, reduction, label_smoothing):
    nll = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    smooth = -(logp.sum(dim) if weight is None else (logp * _class_weights(weight, logp, dim)).sum(dim))
    ignored = target == ignore_index
    smooth = smooth.masked_fill(ignored, 0.0)  # (torch fills in place: the same values and gradient)
    if reduction == "mean":
        kept = ~ignored
        # (torch gathers target.masked_select(kept): the same elements, in the same order, as indexing by kept)
        smooth = smooth.sum() / (kept.sum() if weight is None else weight.gather(0, target[kept].flatten()).sum())
    elif reduction == "sum":
        smooth = smooth.sum()
    return (1 - label_smoothing) * nll + smooth * (label_smoothing / logp.shape[dim])


@op("one_hot", method=False, namespaces=F)
def one_hot(input, num_classes=-1):
    """Class indices (int64) to rows of zeros with a 1 at each index, int64: torch's checks in its order."""
    if not isinstance(input, Tensor):
        raise TypeError(f"one_hot(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if input.dtype is not dtypes.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    classes = input._data
    if classes.size == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return _make(np.zeros(classes.shape + (num_classes,), np.int64))
    if classes.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = int(classes.max()) + 1
    elif num_classes <= classes.max():
        raise RuntimeError("Class values must be smaller than num_classes.")
    return _make((classes[..., None] == np.arange(num_classes)).astype(np.int64))


@op("linear", method=False, namespaces=F)
def linear(input, weight, bias=None):
    """input @ weight.T + bias, recorded as torch records it: one AddmmBackward0 (a 2-D input, or any contiguous
    input flattened to 2-D and viewed back), else matmul and an in-place add."""
    if bias is None:
        return matmul(input, weight.t())
    if input.ndim == 2:
        return addmm(bias, input, weight.t())
    if input.is_contiguous() and input.ndim:
        rows = input.reshape(int(np.prod(input.shape[:-1])), input.shape[-1])
        out = addmm(bias, rows, weight.t())
        return out.view(*input.shape[:-1], out.shape[1])
    return matmul(input, weight.t()).add_(bias)


# ---- batch_norm: torch's CPU kernels (Normalization.cpp, cpu/batch_norm_kernel.cpp), one thread -----------------
# Measured on torch 2.13 (AVX512 capability): these kernels run with 32-byte vectors (the AVX2 build's), and their
# compiler contracts multiply-adds to FMAs: the output x * alpha + beta, the constant term bias - mean * alpha,
# the channels-last variance and dot-product sums, the partial last vector of a dot product, and grad_input's
# (g - grad_mean) - (x - mean) * k on whole vectors (a partial last vector is computed unfused).
BATCH_NORM_VECTOR_BYTES = 32


def _channel_rows(a):
    """a (N, C, *image) as C rows holding each channel's elements in memory order (batch, then image)."""
    return np.moveaxis(a.reshape(a.shape[0], a.shape[1], -1), 1, 0).reshape(a.shape[1], -1)


def _channels_last(x):
    """Whether torch runs x through its channels-last kernels: an image of one element ((N, C) and N x C x 1 x 1)."""
    return x.size == x.shape[0] * x.shape[1]


def _fma_rows(a, b):
    """0 + a[0] * b[0] + a[1] * b[1] + ... down the rows of (N, C) arrays, each step an FMA, in a's dtype."""
    total = np.zeros(a.shape[1], a.dtype)
    for a_row, b_row in zip(a, b):
        total = fma(a_row, b_row, total).astype(a.dtype)
    return total


def _batch_stats(x):
    """(mean, var_sum) per channel as batch_norm_cpu_collect_stats computes them. Channels-last: float sums of the
    rows into a buffer (one thread's), the mean divided in double; else each channel's elements summed in double,
    left to right, and the squared deviations (each rounded to x's dtype) likewise."""
    rows = _channel_rows(x)
    n = rows.shape[1]
    if _channels_last(x):
        mean = (_sequential(rows, 1).astype(np.float64) / n).astype(x.dtype)
        deviations = (rows - mean[:, None]).T
        return mean, _fma_rows(deviations, deviations)
    mean = (_sequential(rows.astype(np.float64), 1) / n).astype(x.dtype)
    deviations = rows - mean[:, None]
    return mean, _sequential((deviations * deviations).astype(np.float64), 1).astype(x.dtype)


def _inverse_std(var, eps):
    """1 / sqrt(var + eps) in double, rounded to var's dtype (VarTransform's InvStd; the eval backward's)."""
    with np.errstate(divide="ignore"):
        return (1 / np.sqrt(var.astype(np.float64) + eps)).astype(var.dtype)


def _update_running_stats(running_mean, running_var, mean, var_sum, n, momentum):
    """batch_norm_cpu_update_stats_template, in place: the mean's average in x's dtype; the unbiased variance
    (var_sum / (n - 1) in x's dtype) enters a double sum with the old value's rounded share."""
    m = mean.dtype.type(momentum)
    keep = mean.dtype.type(1) - m
    if running_mean is not None:
        running_mean[...] = m * mean + keep * running_mean
    if running_var is not None:
        unbiased = var_sum / mean.dtype.type(n - 1)
        running_var[...] = (np.float64(m) * unbiased.astype(np.float64) + (keep * running_var).astype(np.float64)
                            ).astype(running_var.dtype)


def _running_invstd(running_var, eps):
    """1 / sqrt(var + eps) in var's dtype: the eval forward's and batchnorm_double_backward's invstd."""
    return running_var.dtype.type(1) / np.sqrt(running_var + running_var.dtype.type(eps))


def _channel_shape(x):
    """(1, C, 1, ...): per-channel values broadcast against x."""
    return (1, x.shape[1]) + (1,) * (x.ndim - 2)


def _channel_view(values, x):
    return values.reshape(_channel_shape(x))


def _batch_norm_forward(x, w, b, save_mean, save_invstd, running_mean, running_var, training, eps):
    """batch_norm_cpu_kernel: x * alpha + beta with alpha = invstd * weight, beta = bias - mean * alpha; in eval
    the invstd of the running variance in x's dtype (1 / sqrt(var + (float) eps))."""
    dtype = x.dtype.type
    if training:
        mean, invstd = save_mean, save_invstd
    else:
        mean, invstd = running_mean, _running_invstd(running_var, eps)
    alpha = invstd * w if w is not None else invstd
    beta = fma(-mean, alpha, b if b is not None else dtype(0)).astype(x.dtype)
    return fma(x, _channel_view(alpha, x), _channel_view(beta, x)).astype(x.dtype).reshape(x.shape)


def _gradient_sums(g):
    """The sum of g per channel as batch_norm_cpu_backward computes it. Channels-last: float sums down the rows.
    Else, per image, vec::reduce_all in g's dtype, accumulated over the batch in double."""
    if _channels_last(g):
        return _sequential(g.reshape(g.shape[0], -1), 0)
    images = g.reshape(g.shape[0], g.shape[1], -1)
    return _sequential(vector_sum_rows(images, BATCH_NORM_VECTOR_BYTES).astype(np.float64), 0)


def _centred_dots(g, x, mean):
    """The sum of (x - mean) * g per channel: by FMAs down the rows (channels-last), else as _gradient_sums."""
    if _channels_last(x):
        return _fma_rows(x.reshape(x.shape[0], -1) - mean, g.reshape(g.shape[0], -1))
    images = x.shape[0], x.shape[1], -1
    dots = product_sums((x - _channel_view(mean, x)).reshape(images), g.reshape(images), BATCH_NORM_VECTOR_BYTES,
                        fused_tail=True)
    return _sequential(dots.astype(np.float64), 0)


def _statistics(save_mean, save_invstd, running_mean, running_var, training, eps):
    """(mean, invstd) the backward normalises with: the batch's, or in eval the running ones, the invstd then
    computed in double (unlike the forward's)."""
    return (save_mean, save_invstd) if training else (running_mean, _inverse_std(running_var, eps))


def _batch_norm_grad_input(g, x, w, *stats):
    """batch_norm_cpu_backward_kernel's grad_input: ((g - sum / n) - (x - mean) * k) * invstd * weight with
    k = dotp * invstd^2 / n (float, channels-last; from the double sums, else); in eval g * invstd * weight."""
    dtype = x.dtype.type
    g = np.asarray(g, x.dtype).reshape(x.shape)
    mean, invstd = _statistics(*stats)
    weight = w if w is not None else np.ones_like(invstd)
    if not _training(stats):
        return g * _channel_view(invstd, x) * _channel_view(weight, x)
    n = x.size // x.shape[1]
    sums, dots = _gradient_sums(g), _centred_dots(g, x, mean)
    if _channels_last(x):  # float sums; grad_input vectorised along the channels
        k = dots * invstd * invstd / dtype(n)
        centred = g.reshape(g.shape[0], -1) - sums / dtype(n)
        deviations = x.reshape(x.shape[0], -1) - mean
        whole = x.shape[1] - x.shape[1] % (BATCH_NORM_VECTOR_BYTES // x.itemsize)  # a partial vector: unfused
        return _fused_grad_input(centred, deviations, k, invstd, weight, whole).reshape(x.shape)
    k = dots.astype(x.dtype) * invstd * invstd / dtype(n)  # (scalar_t) dotp * invstd * invstd / N
    grad_mean = (sums / n).astype(x.dtype)
    images = x.shape[0], x.shape[1], -1
    centred = g.reshape(images) - grad_mean[:, None]
    deviations = x.reshape(images) - mean[:, None]
    image = centred.shape[-1]  # map2 runs its lambda on a partial last vector too: all fused
    return _fused_grad_input(centred, deviations, k[:, None], invstd[:, None], weight[:, None], image).reshape(x.shape)


def _fused_grad_input(centred, deviations, k, invstd, weight, fused):
    """(centred - deviations * k) * invstd * weight, the first `fused` elements along the last axis with an FMA
    (centred - deviations * k rounded once)."""
    k, invstd, weight = (np.broadcast_to(v, centred.shape) for v in (k, invstd, weight))
    out = (centred - deviations * k) * invstd * weight
    part = (..., slice(None, fused))
    out[part] = fma(-deviations[part], k[part], centred[part]).astype(centred.dtype).reshape(centred[part].shape) * \
        invstd[part] * weight[part]
    return out


def _batch_norm_grad_weight(g, x, *stats):
    mean, invstd = _statistics(*stats)
    g = np.asarray(g, x.dtype).reshape(x.shape)
    return (_centred_dots(g, x, mean) * invstd).astype(x.dtype)


def _batch_norm_grad_bias(g, x, w, *stats):
    return _gradient_sums(np.ascontiguousarray(g)).astype(g.dtype)


# ---- batch_norm's double backward: torch's batchnorm_double_backward (FunctionsManual.cpp) in tensor ops ------

def _sum_but_channels(t, keepdim=True):
    """torch's sum_exclude_dim1: dim 0 summed first, then the others one at a time from the last."""
    total = t.sum(0, keepdim=keepdim)
    for dim in range(total.ndim - 1, 1 if keepdim else 0, -1):
        total = total.sum(dim, keepdim=keepdim)
    return total


def _constants(x, stats):
    """(x - mean, invstd as a channel view, n) for the second-order terms."""
    save_mean, save_invstd, running_mean, running_var, training, eps = stats
    mean, invstd = (save_mean, save_invstd) if training else (running_mean, _running_invstd(running_var, eps))
    return x - const(_channel_view(mean, x)), const(_channel_view(invstd, x)), x.numel() // x.shape[1]


def _gamma(w, x):
    return 1 if w is None else w.reshape(_channel_shape(x))


def _normalised_gradient(g, centred, invstd, n, gamma=1):
    """The training grad_input: gamma * invstd / n * (n * g - sum(g) - (x - mean) * invstd^2 * sum(g * (x - mean)))."""
    return (gamma * invstd / n) * (g * n - _sum_but_channels(g) - centred * (invstd * invstd) *
                                   _sum_but_channels(g * centred))


def _grad_input_by_output(gg, x, w, stats):
    centred, invstd, n = _constants(x, stats)
    if not _training(stats):
        return gg * invstd * _gamma(w, x)
    return _normalised_gradient(gg, centred, invstd, n, _gamma(w, x))


def _grad_input_by_input(gg, g, x, w, stats):
    if not _training(stats):  # g * invstd * weight: no gradient in the input (torch's is undefined, not zeros)
        return None
    centred, invstd, n = _constants(x, stats)
    invstd3 = invstd * invstd * invstd
    gg_sum, gg_centred = _sum_but_channels(gg), _sum_but_channels(gg * centred)
    g_sum, g_centred = _sum_but_channels(g), _sum_but_channels(g * centred)
    all_sub = gg_sum * g_sum / n - _sum_but_channels(g * gg) + invstd * invstd * g_centred * gg_centred * (3. / n)
    first = centred * invstd3 * all_sub / n
    second = gg_centred * invstd3 / n * (g_sum / n - g)
    third = g_centred * invstd3 / n * (gg_sum / n - gg)
    return (first + second + third) * _gamma(w, x)


def _grad_input_by_weight(gg, g, x, stats):
    centred, invstd, n = _constants(x, stats)
    if not _training(stats):
        return _sum_but_channels(gg * g * invstd, False)
    return _sum_but_channels(gg * _normalised_gradient(g, centred, invstd, n), False)


def _grad_weight_by_input(gg, g, x, stats):
    centred, invstd, n = _constants(x, stats)
    gg = gg.reshape(invstd.shape)
    if not _training(stats):
        return gg * invstd * g
    return gg * (g * invstd - invstd * _sum_but_channels(g) / n
                 - centred * (invstd * invstd * invstd) * _sum_but_channels(g * centred) / n)


def _grad_weight_by_output(gg, x, stats):
    centred, invstd, _ = _constants(x, stats)
    return gg.reshape(invstd.shape) * centred * invstd


def _training(stats):
    return stats[_BATCH_NORM_STATS.index("training")]


_BATCH_NORM_STATS = ("result1", "result2", "running_mean", "running_var", "training", "eps")
rule("batch_norm_grad_input", Rule(
    "NativeBatchNormBackwardBackward0", _batch_norm_grad_input,
    lambda gg, _, g, x, w, *stats: _grad_input_by_output(gg, x, w, stats),
    lambda gg, _, g, x, w, *stats: _grad_input_by_input(gg, g, x, w, stats),
    lambda gg, _, g, x, w, *stats: _grad_input_by_weight(gg, g, x, stats),
    formulas=("c * invstd / n * (n * grad - sum(grad) - (b - mean) * invstd^2 * sum(grad * (b - mean)))  "
              "(training; grad * invstd * c in eval)",
              "batchnorm_double_backward's gI", "batchnorm_double_backward's gG"),
    saved_names=("grad_out", "input", "weight", *_BATCH_NORM_STATS)))
rule("batch_norm_grad_weight", Rule(
    "NativeBatchNormBackwardBackward0", _batch_norm_grad_weight,
    lambda gg, _, g, x, *stats: _grad_weight_by_output(gg, x, stats),
    lambda gg, _, g, x, *stats: _grad_weight_by_input(gg, g, x, stats),
    reads=((1,), (0, 1)), formulas=("grad * (b - mean) * invstd", "batchnorm_double_backward's gI (weight term)"),
    saved_names=("grad_out", "input", *_BATCH_NORM_STATS)))
# grad_bias depends on grad_out alone, but torch's node takes the input and weight too (so it has a grad_fn
# whenever they require grad): no gradient flows to them.
rule("batch_norm_grad_bias", Rule(
    "NativeBatchNormBackwardBackward0", _batch_norm_grad_bias,
    lambda gg, _, g, x, w, *stats: gg.reshape(_channel_shape(g)).expand(*g.shape),
    None, None, save="none", formulas=("grad, broadcast over all but the channel dim", "0", "0"),
    saved_names=("grad_out", "input", "weight", *_BATCH_NORM_STATS)))


@op("batch_norm", method=False, namespaces=F, rules=dict(batch_norm=Rule(
    "NativeBatchNormBackward0", _batch_norm_forward,
    lambda g, out, x, w, b, *stats: R["batch_norm_grad_input"](g, x, w, params=stats),
    lambda g, out, x, w, b, *stats: R["batch_norm_grad_weight"](g, x, params=stats),
    lambda g, out, x, w, b, *stats: R["batch_norm_grad_bias"](g, x, w, params=stats),
    reads=((0, 1), (0,), (0, 1)),
    formulas=("b * invstd / n * (n * grad - sum(grad) - (a - mean) * invstd^2 * sum(grad * (a - mean)))  "
              "(training; grad * invstd * b in eval)",
              "sum(grad * (a - mean)) * invstd", "sum(grad)  (sums over all but the channel dim)"),
    saved_names=("input", "weight", "bias", *_BATCH_NORM_STATS))))
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    """torch's batch_norm on CPU: in training the batch's statistics (and the running ones updated in place, when
    given), else the running ones."""
    shape = input.shape
    if training and shape[0] * int(np.prod(shape[2:])) == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {shape}")
    if training and eps <= 0.0:
        raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
    if eps < 0.0:
        raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    channels = shape[1]
    for name, t in (("running_mean", running_mean), ("running_var", running_var), ("weight", weight),
                    ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
    for name, t in (("running_mean", running_mean), ("running_var", running_var)):
        if not training and t is None:
            raise RuntimeError(f"{name} must be defined in evaluation mode")
    if not training:
        return R["batch_norm"](input, weight, bias, params=(
            None, None, running_mean._data.copy(), running_var._data.copy(), False, eps))
    x = np.ascontiguousarray(input._data)
    n = x.size // channels
    mean, var_sum = _batch_stats(x)
    if running_mean is not None or running_var is not None:
        _update_running_stats(None if running_mean is None else running_mean._data,
                              None if running_var is None else running_var._data, mean, var_sum, n, momentum)
    invstd = _inverse_std(var_sum / x.dtype.type(n), eps)
    return R["batch_norm"](input, weight, bias, arrays=(x, None if weight is None else weight._data,
                                                        None if bias is None else bias._data),
                           params=(mean, invstd, None, None, True, eps))
