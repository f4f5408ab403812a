"""Forward-mode AD: each op's output gets a tangent (its JVP) while a dual level is active.

A tangent is pushed through the same rule table the backward pass uses, one JVP per rule:
- elementwise rules: the Jacobian is diagonal, so the JVP is the sum over inputs of vjp_i(t_i) with t_i broadcast
  to the output's shape (vjp_i multiplies its argument by d out / d input_i, element by element);
- rules linear in their tensor inputs (shapes, views, sums, cat): the JVP is the rule itself applied to the
  tangents; bilinear rules (matrix products): f(t_a, b) + f(a, t_b);
- rules with a scalar output: the JVP is <vjp_i(1), t_i> summed over inputs;
- convolutions (and their input and weight gradients) are bilinear: f(t_a, b, t_bias) + f(a, t_b);
- the rest (softmax, log_softmax, logsumexp, addmm, max/min along a dim, prod and norm along dims, linalg.solve,
  linalg.lstsq's solution and residuals, batch_norm, embedding and its backward) are written out below.
Tangents are ordinary tensors computed with ordinary ops, so reverse mode can differentiate through them.
"""

import collections
import itertools

import numpy as np

from .grad_mode import forward_mode, tangent_of  # noqa: F401  (tangent_of is forward-mode API)
from .rules import R
from .tensor import _make

ELEMENTWISE = {"add", "sub", "rsub", "mul", "div", "neg", "reciprocal", "pow_scalar", "pow_tensor", "rpow", "exp",
               "log", "log1p", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "threshold_backward", "tanh_backward",
               "sigmoid_backward", "add_scalar", "sub_scalar", "div_scalar", "sqrt", "rsqrt", "abs",
               "sign", "sgn", "clamp", "clamp_tensor", "clamp_min", "clamp_max", "maximum", "minimum", "where",
               "remainder", "remainder_scalar", "zero", "fill", "mul_scalar", "asin", "acos", "atan", "atan2", "sinh",
               "cosh", "asinh", "acosh", "atanh", "log10", "log2", "exp2", "erf", "erfc", "expm1", "hypot", "floor",
               "ceil", "round", "round_decimals", "trunc", "frac", "sinc", "masked_fill", "leaky_relu", "leaky_relu_",
               "leaky_relu_backward", "elu", "elu_", "elu_backward", "silu", "softplus", "softplus_backward",
               "hardtanh", "hardtanh_backward", "gelu", "gelu_backward", "prelu", "prelu_kernel_backward_self",
               "prelu_kernel_backward_weight"}
LINEAR = {"sum", "sum_dim", "cumsum", "mean", "mean_dim", "view", "unsafe_view", "clone", "copy", "to", "alias", "t",
          "transpose", "permute", "flip", "tril", "triu", "squeeze", "squeeze_dim", "squeeze_matmul", "unsqueeze", "expand",
          "select", "slice", "split", "split_with_sizes", "unbind", "index", "as_strided", "embed", "cat", "stack", "copy_slices", "index_put", "gather", "scatter",
          "scatter_add", "conv_bias_grad", "batch_norm_grad_bias", "max_pool2d", "max_pool2d_backward", "avg_pool2d",
          "avg_pool2d_backward", "sort", "topk"}
BILINEAR = {"mm", "bmm", "mv", "dot"}

_levels = itertools.count(1)


state = forward_mode  # the active dual level's id (or None), and whether a JVP is being computed


class dual_level:
    """with dual_level(): tangents made inside live until the block ends."""

    def __enter__(self):
        if state.level is not None:
            raise RuntimeError("Nested forward mode AD is not supported at the moment")
        state.level = next(_levels)
        return state.level

    def __exit__(self, *exc):
        state.level = None
        return False


def enter_dual_level():
    return dual_level().__enter__()


def exit_dual_level(level=None):
    state.level = None


def make_dual(tensor, tangent, level=None):
    if state.level is None:
        raise RuntimeError("To create a dual Tensor, you need to use the dual_level context manager. If you are "
                           "in a dual_level context, make sure that you passed the current level as argument.")
    if tangent.shape != tensor.shape:
        raise RuntimeError(f"Trying to set a forward gradient that has a different size than that of the original "
                           f"Tensor, this is not supported. Tensor is of size {list(tensor.shape)} while the given "
                           f"forward gradient is of size {list(tangent.shape)}.")
    dual = R["view"](tensor, params=(tensor.shape,))
    attach_tangent(dual, tangent)
    return dual


UnpackedDualTensor = collections.namedtuple("UnpackedDualTensor", ["primal", "tangent"])


def unpack_dual(tensor, level=None):
    tangent = tangent_of(tensor)
    if tangent is None:
        return UnpackedDualTensor(tensor, None)
    state.pushing = True  # the primal is a view without the tangent
    try:
        primal = R["alias"](tensor)
    finally:
        state.pushing = False
    return UnpackedDualTensor(primal, tangent)


def attach_tangent(tensor, tangent):
    tensor._tangent, tensor._tangent_level = tangent, state.level


_rule_names = {}


def _name(rule):
    """The rule's key in the table (rules register there by name; some, like addmm, after import)."""
    if rule not in _rule_names:
            _rule_names.update((r, key) for key, r in R.items())
    return _rule_names.get(rule)


def push(rule, inputs, params, out):
    """Give `out` the tangent of rule(inputs) if an input has one (Rule.__call__ calls it at a dual level)."""
    tangents = [tangent_of(x) for x in inputs]
    if all(t is None for t in tangents):
        return
    name = _name(rule)
    state.pushing = True
    try:
        tangent = _jvp(rule, name, inputs, tangents, params, out)
    finally:
        state.pushing = False
    attach_tangent(out, tangent.to(out.dtype) if tangent.dtype is not out.dtype else tangent)


def _zeros(x):
    return x.detach() * 0


def _jvp(rule, name, inputs, tangents, params, out):
    if name in ELEMENTWISE:
        total = None
        for i, (x, t, vjp) in enumerate(zip(inputs, tangents, rule.vjps)):
            if t is not None:
                part = vjp(t.expand(out.shape) if t.shape != out.shape else t, out, *inputs, *params)
                total = part if total is None else total + part
        return total
    if name in LINEAR:  # a tensor input without a tangent has a zero one
        return rule(*[t if t is not None else _zeros(x) for x, t in zip(inputs, tangents)], params=params)
    if name in BILINEAR:
        (a, b), (ta, tb) = inputs, tangents
        product = getattr(type(a), name)  # the op itself: mm records the operands' strides for its backward
        parts = ([product(ta, b)] if ta is not None else []) + ([product(a, tb)] if tb is not None else [])
        return parts[0] if len(parts) == 1 else parts[0] + parts[1]
    if name in WRITTEN:
        return WRITTEN[name](rule, inputs, tangents, params, out)
    if out.ndim == 0 and not rule.variadic:
        total = None
        ones = out.detach() * 0 + 1
        for x, t, vjp in zip(inputs, tangents, rule.vjps):
            if t is not None:
                part = (vjp(ones, out, *inputs, *params) * t).sum()
                total = part if total is None else total + part
        return total
    op = rule.grad_fn_name.rsplit("::", 1)[-1].split("Backward")[0]
    raise NotImplementedError(f"Trying to use forward AD with {op} that does not support it because it has not been "
                              "implemented yet.")


def _softmax_jvp(rule, inputs, tangents, params, out):
    (t,), (dim,) = tangents, params
    return out * (t - (t * out).sum(dim, keepdim=True))


def _log_softmax_jvp(rule, inputs, tangents, params, out):
    (t,), (dim,) = tangents, params
    return t - (out.exp() * t).sum(dim, keepdim=True)


def _logsumexp_jvp(rule, inputs, tangents, params, out):
    """torch's logsumexp_jvp: the tangent averaged with the softmax's weights (exp after subtracting the max)."""
    (a,), (t,), (dim, keepdim) = inputs, tangents, params
    axes = tuple(range(a.ndim)) if dim is None else dim
    weights = (a - _make(np.amax(a._data, axis=axes, keepdims=True))).exp() if a.numel() else a.exp()
    return (weights * t).sum(axes, keepdim) / weights.sum(axes, keepdim)


def _extremum_jvp(rule, inputs, tangents, params, out):
    """max/min (kthvalue, median) along a dim: the tangent at the chosen indices (a 0-d input has one element, its
    own)."""
    t = tangents[0]
    return t if t.ndim == 0 else rule(t, params=params)


def _addmm_jvp(rule, inputs, tangents, params, out):
    (bias, a, b), (tbias, ta, tb), (beta, alpha) = inputs, tangents, params[:2]  # then the matrices' strides
    total = tbias * beta if tbias is not None else _zeros(bias)  # torch's formula adds all three, zeros included
    for part in (ta.mm(b) if ta is not None else None, a.mm(tb) if tb is not None else None):
        if part is not None:
            total = total + part * alpha
    return total


def _reduction_jvp(rule, inputs, tangents, params, out):
    """A reduction along dims (prod, norm; params end with dim, keepdim): the vjp of ones is d out / d a element
    by element, and the tangent is that times t, summed over the reduced dims."""
    (a,), (t,) = inputs, tangents
    dim, keepdim = params[-2:]
    local = rule.vjps[0](out.detach() * 0 + 1, out, a, *params)
    return (local * t).sum() if dim is None else (local * t).sum(dim, keepdim=keepdim)


def _convolution_jvp(rule, inputs, tangents, params, out):
    """Bilinear in the first two inputs, linear in the rest (a convolution's bias): f(t_a, b, t_rest) + f(a, t_b, 0)."""
    (a, b, *rest), (ta, tb, *trest) = inputs, tangents
    zero_rest = [None if x is None else _zeros(x) for x in rest]
    total = rule(ta if ta is not None else _zeros(a), b,
                 *[t if t is not None else zero for t, zero in zip(trest, zero_rest)], params=params)
    return total if tb is None else total + rule(a, tb, *zero_rest, params=params)


def _solve_jvp(rule, inputs, tangents, params, out):
    """X = solve(A, B): A dX = dB - dA X (X A = B: dX A = dB - X dA), solved with the same A."""
    (a, b), (ta, tb), (vector, left) = inputs, tangents, params
    rhs = tb if tb is not None else _zeros(b)
    if ta is not None:
        if vector:
            rhs = rhs - ta.matmul(out.unsqueeze(-1)).squeeze(-1)
        else:
            rhs = rhs - (ta.matmul(out) if left else out.matmul(ta))
    return rule(a, rhs, params=params)


def _lstsq_jvp(rule, inputs, tangents, params, out):
    """X = P B, P = pinv(A): dX = P dB - P dA X + P P^T dA^T (B - A X) + (I - P A) dA^T P^T X (the differential
    of the pseudo-inverse, Golub and Pereyra)."""
    (a, b), (ta, tb), vector = inputs, tangents, params[-1]
    x, rhs = (out.unsqueeze(-1), b.unsqueeze(-1)) if vector else (out, b)
    p = R["pinv"](a)
    dx = p @ (tb.unsqueeze(-1) if vector else tb) if tb is not None else _zeros(x)
    if ta is not None:
        ta_t, p_t = ta.transpose(-1, -2), p.transpose(-1, -2)
        spread = ta_t @ (p_t @ x)
        dx = dx - p @ (ta @ x) + (p @ p_t) @ (ta_t @ (rhs - a @ x)) + spread - p @ (a @ spread)
    return dx.squeeze(-1) if vector else dx


def _lstsq_residuals_jvp(rule, inputs, tangents, params, out):
    """The residuals |A X - B|^2 with X held fixed (at the minimum X's change does not change them to first
    order): 2 (A X - B) * (dA X - dB), summed over the rows."""
    (a, b), (ta, tb), (_, solution, vector) = inputs, tangents, params
    if not out.numel():
        return _zeros(out)
    x, rhs = (solution.unsqueeze(-1), b.unsqueeze(-1)) if vector else (solution, b)
    change = ta @ x if ta is not None else _zeros(rhs)
    if tb is not None:
        change = change - (tb.unsqueeze(-1) if vector else tb)
    return (2 * ((a @ x - rhs) * change)).sum(-2)


def _scatter_value_jvp(rule, inputs, tangents, params, out):
    """x with a constant written at index: the tangent with zeros written there."""
    dim, index, value = params
    return rule(tangents[0], params=(dim, index, value * 0))


def _batch_norm_jvp(rule, inputs, tangents, params, out):
    """torch's batch_norm_jvp: in training the batch's invstd moves with the input (d invstd = -invstd^3 *
    mean((x - mean) * (t - mean(t)))), in eval the statistics are constants; then the weight and bias terms."""
    (x, w, _), (tx, tw, tb) = inputs, tangents  # (the bias enters only through its tangent)
    save_mean, save_invstd, running_mean, running_var, training, eps = params
    view = (1, -1) + (1,) * (x.ndim - 2)
    dims = (0,) + tuple(range(2, x.ndim))
    if training:
        mean, invstd = save_mean, save_invstd
    else:
        mean, invstd = running_mean, 1 / np.sqrt(running_var + running_var.dtype.type(eps))
    centred = x.detach() - _make(mean.reshape(view))
    invstd = _make(np.asarray(invstd).reshape(view))
    tx = tx if tx is not None else _zeros(x)
    if training:
        tx = tx - tx.mean(dims, keepdim=True)
        total = tx * invstd - centred * (invstd * invstd * invstd) * (
            (tx * centred).sum(dims, keepdim=True) / (x.numel() // x.shape[1]))
    else:
        total = tx * invstd
    if w is not None:
        total = total * w.detach().reshape(view)
        if tw is not None:
            total = total + centred * invstd * tw.reshape(view)
    return total + tb.reshape(view) if tb is not None else total


def _indexed_rows_jvp(rule, inputs, tangents, params, out):
    """embedding and its backward, linear in their first input (the indices are not differentiable): the rule
    applied to its tangent, at the same indices."""
    return rule(tangents[0], *inputs[1:], params=params)


WRITTEN = {"scatter_value": _scatter_value_jvp, "softmax": _softmax_jvp, "log_softmax": _log_softmax_jvp,
           "addmm": _addmm_jvp, "max_dim": _extremum_jvp, "min_dim": _extremum_jvp,
           "kthvalue": _extremum_jvp, "median_dim": _extremum_jvp, "prod_dim": _reduction_jvp,
           "norm": _reduction_jvp, "logsumexp": _logsumexp_jvp, "solve": _solve_jvp, "lstsq": _lstsq_jvp,
           "lstsq_residuals": _lstsq_residuals_jvp, "convolution": _convolution_jvp,
           "conv_input_grad": _convolution_jvp, "conv_weight_grad": _convolution_jvp, "batch_norm": _batch_norm_jvp,
           "embedding": _indexed_rows_jvp, "embedding_backward": _indexed_rows_jvp}


forward_mode.push = push
