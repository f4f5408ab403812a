"""torch.nn.functional.layer_norm as torch's CPU kernels compute it (layer_norm.cpp, cpu/layer_norm_kernel.cpp,
cpu/moments_utils.h), one thread. Imported at the first call of layer_norm (gradcli/torch/nn/functional.py):
commands that do not normalise by layers never load it.

Measured on torch 2.13 (AVX512 capability): these kernels are registered without an AVX512 build, so they run
with 32-byte vectors (8 float32 or 4 float64 lanes) under both capabilities; their compiler contracts these
multiply-adds to FMAs: the Welford updates and the merging of the lanes' moments (not the scalar tail's m2),
(x - mean) * rstd + bias when there is no weight, the output's * weight + bias, the backward's
db * mean - ds, -b * mean - db * a * scale, b * x + a * dy * weight, the partial last vector of its dot products,
and the weight gradient's running dgamma + dy * (a * x + b) with its inner a * x + b."""

import numpy as np

from . import dtypes
from .forward import WRITTEN, _zeros
from .kernels import fma
from .ops.shared import const
from .reduce import _fold_lanes, _sequential, vector_sum_rows
from .rules import R, Rule, op, rule
from .tensor import Tensor, _make

LAYER_NORM_VECTOR_BYTES = 32
_CHUNK = 16  # moments_utils.h's kChunkSize: vectors per Welford chunk


def _rounded_fma(a, b, c, dtype):
    return np.asarray(fma(a, b, c)).astype(dtype)


def _add_moments(count_add, m1_add, m2_add, count, m1, m2, dtype):
    """AddMomentsVec: the moments of `count_add` values merged into those of `count`; returns the new triple."""
    total = count + count_add
    c = dtype(0) if total == 0 else dtype(count_add) / dtype(total)
    delta = m1_add - m1
    c_delta = c * delta
    return total, m1 + c_delta, _rounded_fma(delta * dtype(count), c_delta, m2 + m2_add, m1.dtype)


def _ceil_log2(n):
    return 1 if n <= 2 else (n - 1).bit_length()


def _rowwise_moments(rows):
    """(mean, biased variance) of each row of a (M, N) array, as RowwiseMoments: Welford's updates per lane over
    chunks of 16 vectors, the chunks merged in a binary cascade, the scalar tail by Welford's scalar update, then
    the lanes merged into the tail's moments one after another."""
    dtype = rows.dtype.type
    count_rows, n = rows.shape
    lanes = LAYER_NORM_VECTOR_BYTES // rows.itemsize
    vectors = n // lanes
    chunks = -(-vectors // _CHUNK)
    depth = _ceil_log2(chunks)
    zeros = np.zeros((count_rows, lanes), rows.dtype)
    counts, m1s, m2s = [0] * depth, [zeros] * depth, [zeros] * depth
    steps = [dtype(1) / dtype(j + 1) for j in range(_CHUNK)]
    by_vector = rows[:, :vectors * lanes].reshape(count_rows, vectors, lanes)
    for i in range(chunks):
        size = min(_CHUNK, vectors - i * _CHUNK)
        m1 = m2 = zeros
        for j in range(size):
            x = by_vector[:, i * _CHUNK + j]
            delta = x - m1
            m1 = _rounded_fma(steps[j], delta, m1, rows.dtype)
            m2 = _rounded_fma(delta, x - m1, m2, rows.dtype)
        counts[0], m1s[0], m2s[0] = _add_moments(size, m1, m2, counts[0], m1s[0], m2s[0], dtype)
        mask, level = i + 1, 1
        while level < depth and mask & 1 == 0:  # a full pair of chunks (of chunk pairs, ...) moves one level up
            counts[level], m1s[level], m2s[level] = _add_moments(counts[level - 1], m1s[level - 1], m2s[level - 1],
                                                                 counts[level], m1s[level], m2s[level], dtype)
            counts[level - 1], m1s[level - 1], m2s[level - 1] = 0, zeros, zeros
            mask >>= 1
            level += 1
    for level in range(1, depth):
        counts[0], m1s[0], m2s[0] = _add_moments(counts[level], m1s[level], m2s[level], counts[0], m1s[0], m2s[0],
                                                 dtype)
    count, m1, m2 = 0, np.zeros(count_rows, rows.dtype), np.zeros(count_rows, rows.dtype)
    for k in range(vectors * lanes, n):
        x = rows[:, k]
        delta = x - m1
        count += 1
        m1 = m1 + delta / dtype(count)
        m2 = m2 + delta * (x - m1)
    lane_m1, lane_m2 = (m1s[0], m2s[0]) if depth else (zeros, zeros)
    for lane in range(lanes):  # AddMoments, scalar: each lane holds `vectors` values
        total = count + vectors
        c = dtype(0) if total == 0 else dtype(vectors) / dtype(total)
        delta = lane_m1[:, lane] - m1
        m1 = _rounded_fma(c, delta, m1, rows.dtype)
        m2 = m2 + _rounded_fma(delta * delta * c, dtype(count), lane_m2[:, lane], rows.dtype)
        count = total
    with np.errstate(divide="ignore", invalid="ignore"):  # rows of no elements: torch's NaN, silently
        return m1, m2 / dtype(n)


def _rows(a, normalized_shape):
    """a as (M, N) contiguous rows: N the product of normalized_shape."""
    leading = a.shape[:a.ndim - len(normalized_shape)]
    return np.ascontiguousarray(a).reshape(int(np.prod(leading)), int(np.prod(normalized_shape)))


def _layer_norm_forward(x, w, b, mean, rstd, normalized_shape):
    """(x - mean) * rstd * weight + bias per row, in the kernel's roundings (see the module docstring)."""
    rows = _rows(x, normalized_shape)
    zero = x.dtype.type(0)
    centred = rows - mean.reshape(-1, 1)
    rstd = rstd.reshape(-1, 1)
    if w is None:
        out = _rounded_fma(centred, rstd, zero if b is None else b.reshape(-1), x.dtype)
    else:
        out = _rounded_fma(centred * rstd, w.reshape(-1), zero if b is None else b.reshape(-1), x.dtype)
    return out.reshape(x.shape)


def _dot_sums(products, last):
    """vec::map{2,3}_reduce_all(x * y [* z], +) of each row: `products` the product of all factors but `last`;
    whole vectors summed lane by lane (from the first), the partial last vector's multiply and add fused."""
    n = products.shape[1]
    lanes = LAYER_NORM_VECTOR_BYTES // products.itemsize
    whole = n // lanes * lanes
    if n < lanes or whole == n:
        return vector_sum_rows(products * last, LAYER_NORM_VECTOR_BYTES)
    acc = _sequential((products[:, :whole] * last[:, :whole]).reshape(products.shape[0], -1, lanes), 1)
    acc[:, :n - whole] = _rounded_fma(products[:, whole:], last[:, whole:], acc[:, :n - whole], acc.dtype)
    return _fold_lanes(acc)


def _layer_norm_grad_input(g, x, w, mean, rstd, normalized_shape):
    """LayerNormBackwardKernel's dX: a * dy * weight + b * x + c per row, with a = rstd,
    b = (db * mean - ds) * a^3 / N and c = -b * mean - db * a / N from ds = sum(dy * x * weight), db = sum(dy * weight)."""
    dtype = x.dtype.type
    rows, dy = _rows(x, normalized_shape), _rows(np.asarray(g, x.dtype), normalized_shape)
    with np.errstate(divide="ignore"):  # rows of no elements
        scale = dtype(1) / dtype(rows.shape[1])
    if w is None:
        ds = _dot_sums(dy, rows)
        db = vector_sum_rows(dy, LAYER_NORM_VECTOR_BYTES)
    else:
        weight = np.broadcast_to(w.reshape(-1), rows.shape)
        ds = _dot_sums(dy * rows, weight)
        db = _dot_sums(dy, weight)
    a, mean, ds, db = rstd.reshape(-1, 1), mean.reshape(-1, 1), ds.reshape(-1, 1), db.reshape(-1, 1)
    b = _rounded_fma(db, mean, -ds, x.dtype) * a * a * a * scale
    c = _rounded_fma(-b, mean, -(db * a * scale), x.dtype)
    scaled = a * dy if w is None else a * dy * w.reshape(-1)
    return (_rounded_fma(b, rows, scaled, x.dtype) + c).reshape(x.shape)


def _layer_norm_grad_weight(g, x, mean, rstd, normalized_shape):
    """dgamma: the rows' dy * (rstd * x - rstd * mean) accumulated row after row, each step fused."""
    rows, dy = _rows(x, normalized_shape), _rows(np.asarray(g, x.dtype), normalized_shape)
    a = rstd.reshape(-1, 1)
    b = -a * mean.reshape(-1, 1)
    total = np.zeros(rows.shape[1], x.dtype)
    for dy_row, x_row, a_row, b_row in zip(dy, rows, a, b):
        total = _rounded_fma(dy_row, _rounded_fma(a_row, x_row, b_row, x.dtype), total, x.dtype)
    return total.reshape(normalized_shape)


def _layer_norm_grad_bias(g, x, w, mean, rstd, normalized_shape):
    """dbeta: the rows of dy added one after another."""
    return _sequential(_rows(np.asarray(g), normalized_shape), 0).reshape(normalized_shape)


# ---- the double backward: torch's layer_norm_double_backward (FunctionsManual.cpp) in tensor ops, op by op ------
# torch's one node gives the input's, weight's and grad_out's gradients from the upstream gradients of dX, dW and
# dB together; here each of the three gradient rules gives its share. mean and rstd are constants there.

class _Terms:
    """What every term reads: the input as (M, N) rows minus their mean (differentiable), rstd and its square
    and cube as (M, 1) constants, N."""

    def __init__(self, x, mean, rstd, shape):
        self.n = int(np.prod(shape))
        self.centred = x.reshape(-1, self.n) - const(mean.reshape(-1, 1))
        rstd = rstd.reshape(-1, 1)
        self.rstd, self.rstd2, self.rstd3 = const(rstd), const(rstd * rstd), const(rstd * rstd * rstd)

    def rows(self, t):
        return t.reshape(-1, self.n)

    def first_backward(self, g, weight_rstd):
        """torch's first_bwd_fn_grad_input: dX of the rows g for weight * rstd given."""
        return (weight_rstd / self.n) * (g * self.n - g.sum(1, keepdim=True) - self.centred * self.rstd2 *
                                         (g * self.centred).sum(1, keepdim=True))


def _grad_input_by_output(gg, x, w, *saved):
    terms = _Terms(x, *saved)
    weight_rstd = terms.rstd if w is None else w.reshape(1, terms.n) * terms.rstd
    return terms.first_backward(terms.rows(gg), weight_rstd).reshape(x.shape)


def _grad_input_by_input(gg, g, x, w, *saved):
    terms = _Terms(x, *saved)
    n, centred, rstd3 = terms.n, terms.centred, terms.rstd3
    u, g_hat = terms.rows(gg), terms.rows(g) if w is None else terms.rows(g) * w.reshape(1, n)
    g_hat_centred, g_hat_sum = (g_hat * centred).sum(1, keepdim=True), g_hat.sum(1, keepdim=True)
    u_sum, u_centred = u.sum(1, keepdim=True), (u * centred).sum(1, keepdim=True)
    all_sub = u_sum * g_hat_sum / n - (u * g_hat).sum(1, keepdim=True) + \
        terms.rstd2 * g_hat_centred * u_centred * (3. / n)
    first = centred * rstd3 * all_sub / n
    second = u_centred * rstd3 / n * (g_hat_sum / n - g_hat)
    third = g_hat_centred * rstd3 / n * (u_sum / n - u)
    return (first + second + third).reshape(x.shape)


def _grad_input_by_weight(gg, g, x, *saved):
    terms = _Terms(x, *saved)
    return (terms.rows(g) * terms.first_backward(terms.rows(gg), terms.rstd)).sum(0).reshape(saved[-1])


def _grad_weight_by_input(gg, g, x, *saved):
    terms = _Terms(x, *saved)
    n, rstd = terms.n, terms.rstd
    weighted = terms.rows(g) * gg.reshape(1, n)
    first = weighted * rstd
    second = rstd * weighted.sum(1, keepdim=True) / -n
    third = terms.centred * terms.rstd3 * (weighted * terms.centred).sum(1, keepdim=True) / -n
    return (first + second + third).reshape(x.shape)


def _grad_weight_by_output(gg, x, *saved):
    terms = _Terms(x, *saved)
    return (gg.reshape(1, terms.n) * terms.centred * terms.rstd).reshape(x.shape)


_SAVED = ("result1", "result2", "normalized_shape")
rule("layer_norm_grad_input", Rule(
    "NativeLayerNormBackwardBackward0", _layer_norm_grad_input,
    lambda gg, _, g, x, w, *saved: _grad_input_by_output(gg, x, w, *saved),
    lambda gg, _, g, x, w, *saved: _grad_input_by_input(gg, g, x, w, *saved),
    lambda gg, _, g, x, w, *saved: _grad_input_by_weight(gg, g, x, *saved),
    formulas=("c * rstd * (grad - mean(grad) - x_hat * mean(grad * x_hat))  (per row, x_hat = (b - mean) * rstd)",
              "layer_norm_double_backward's gI", "layer_norm_double_backward's gG"),
    saved_names=("grad_out", "input", "weight", *_SAVED)))
rule("layer_norm_grad_weight", Rule(
    "NativeLayerNormBackwardBackward0", _layer_norm_grad_weight,
    lambda gg, _, g, x, *saved: _grad_weight_by_output(gg, x, *saved),
    lambda gg, _, g, x, *saved: _grad_weight_by_input(gg, g, x, *saved),
    formulas=("grad * x_hat", "layer_norm_double_backward's gI (weight term)"),
    saved_names=("grad_out", "input", *_SAVED)))
# grad_bias depends on grad_out alone, but torch's node takes the input and weight too (so it has a grad_fn
# whenever they require grad): no gradient flows to them.
rule("layer_norm_grad_bias", Rule(
    "NativeLayerNormBackwardBackward0", _layer_norm_grad_bias,
    lambda gg, _, g, x, w, *saved: gg.expand(*g.shape),
    None, None, save="none", formulas=("grad, broadcast over the rows", "0", "0"),
    saved_names=("grad_out", "input", "weight", *_SAVED)))


def _layer_norm_jvp(rule, inputs, tangents, params, out):
    """torch's layer_norm_jvp (_norm_jvp, then _affine_jvp) op by op: the rows' rstd moves with the input,
    d rstd = sum((t - mean(t)) * (x - mean) * -rstd^3) / N, then the weight and bias terms."""
    (x, w, _), (tx, tw, tb) = inputs, tangents  # (the bias enters only through its tangent)
    mean, rstd, shape = params
    dims = tuple(range(x.ndim - len(shape), x.ndim))
    centred, rstd = x.detach() - _make(mean), _make(rstd)
    total = _zeros(x)
    if tx is not None:
        moved = tx - tx.mean(dims, keepdim=True)
        rstd_tangent = (moved * centred * -(rstd * rstd * rstd)).sum(dims, keepdim=True) / int(np.prod(shape))
        total = moved * rstd + centred * rstd_tangent
    if w is not None:
        total = total * w.detach()
        if tw is not None:
            total = total + centred * rstd * tw
    return total + tb if tb is not None else total


WRITTEN["layer_norm"] = _layer_norm_jvp  # forward mode's table, filled here as this module is imported at first use


@op("layer_norm", method=False, namespaces=("torch.nn.functional",), rules=dict(layer_norm=Rule(
    "NativeLayerNormBackward0", _layer_norm_forward,
    lambda g, out, x, w, b, *saved: R["layer_norm_grad_input"](g, x, w, params=saved),
    lambda g, out, x, w, b, *saved: R["layer_norm_grad_weight"](g, x, params=saved),
    lambda g, out, x, w, b, *saved: R["layer_norm_grad_bias"](g, x, w, params=saved),
    reads=((0, 1), (0,), (0, 1)),
    formulas=("b * rstd * (grad - mean(grad) - x_hat * mean(grad * x_hat))  (per row, x_hat = (a - mean) * rstd)",
              "sum over rows of grad * x_hat", "sum over rows of grad"),
    saved_names=("input", "weight", "bias", *_SAVED))))
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """torch's layer_norm on CPU: each row of the last len(normalized_shape) dims normalised by its mean and
    biased variance, then scaled by weight and shifted by bias (elementwise)."""
    if not isinstance(normalized_shape, (tuple, list)):
        raise TypeError("layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not "
                        f"{type(normalized_shape).__name__}")
    shape = tuple(normalized_shape)
    _check(input, shape, weight, bias)
    if input.dtype not in (dtypes.float32, dtypes.float64):  # torch's half kernel sums in float: not reproduced
        kernel = "gradcli's layer_norm" if input.dtype.is_floating_point else '"LayerNormKernelImpl"'
        raise NotImplementedError(f"{kernel} not implemented for '{input.dtype.legacy_name[:-6]}'")
    x = np.ascontiguousarray(input._data)
    mean, var = _rowwise_moments(_rows(x, shape))
    dtype = x.dtype.type
    rstd = dtype(1) / np.sqrt(var + dtype(eps))
    kept = input.shape[:input.ndim - len(shape)] + (1,) * len(shape)  # torch's shape of mean and rstd
    return R["layer_norm"](input, weight, bias, arrays=(x, None if weight is None else weight._data,
                                                        None if bias is None else bias._data),
                           params=(mean.reshape(kept), rstd.reshape(kept), shape))


def _size(shape):
    return "[" + ", ".join(str(n) for n in shape) + "]"


def _check(input, shape, weight, bias):
    """layer_norm_cpu's checks as torch words them: the arguments' types, mixed dtypes (check_mixed_data_type),
    then _check_layer_norm_inputs' shapes."""
    if not isinstance(input, Tensor):
        raise TypeError(f"layer_norm(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    parameters = [t for t in (weight, bias) if t is not None]
    if parameters and parameters[0].dtype != input.dtype:
        if any(t.dtype != dtypes.float32 for t in parameters):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    if not shape:
        raise RuntimeError("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                           "element, but got normalized_shape = []")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but got {name} of shape "
                               f"{_size(t.shape)} and normalized_shape = {_size(shape)}")
    if input.ndim < len(shape) or tuple(input.shape[input.ndim - len(shape):]) != shape:
        raise RuntimeError(f"Given normalized_shape={_size(shape)}, expected input with shape "
                           f"[*{''.join(', ' + str(n) for n in shape)}], but got input of size{_size(input.shape)}")
