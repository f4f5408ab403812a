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

from .kernels import fma
from .ops.shared import const
from .reduce import _fold_lanes, _sequential, vector_sum_rows
from .rules import R, Rule, op, rule

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
    return m1, m2 / dtype(n)


def _rows(a, normalized_shape):
    """a as (M, N) contiguous rows: N the product of normalized_shape."""
    n = int(np.prod(normalized_shape))
    return np.ascontiguousarray(a).reshape(-1, n)


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


# ---- the double backward, in tensor ops: mean and rstd are constants there, as in torch's ---------------------

def _normalised(x, mean, rstd, n):
    """(x as (M, N) rows, x_hat = (x - mean) * rstd, rstd as (M, 1))."""
    rows = x.reshape(-1, n)
    rstd = const(rstd.reshape(-1, 1))
    return rows, (rows - const(mean.reshape(-1, 1))) * rstd, rstd


def _projected(v, x_hat, rstd):
    """rstd * (v - mean(v) - x_hat * mean(v * x_hat)) per row: dX of the cotangent v (without weight), and the
    map's own adjoint."""
    return rstd * (v - v.mean(1, keepdim=True) - x_hat * (v * x_hat).mean(1, keepdim=True))


def _weighted(t, w, n):
    return t if w is None else t * w.reshape(1, n)


def _grad_input_by_output(gg, x, w, mean, rstd, shape):
    n = int(np.prod(shape))
    _, x_hat, rstd = _normalised(x, mean, rstd, n)
    return _weighted(_projected(gg.reshape(-1, n), x_hat, rstd), w, n).reshape(x.shape)


def _grad_input_by_input(gg, g, x, w, mean, rstd, shape):
    """d<gg, dX>/dx: dX depends on x through x_hat and rstd, each of whose derivatives is projected to mean 0."""
    n = int(np.prod(shape))
    _, x_hat, rstd = _normalised(x, mean, rstd, n)
    u, gw = gg.reshape(-1, n), _weighted(g.reshape(-1, n), w, n)
    u_x, gw_x = (u * x_hat).sum(1, keepdim=True), (gw * x_hat).sum(1, keepdim=True)
    centred_u, centred_gw = u - u.mean(1, keepdim=True), gw - gw.mean(1, keepdim=True)
    c = (u * gw).sum(1, keepdim=True) - gw.mean(1, keepdim=True) * u.sum(1, keepdim=True)
    total = x_hat * (3 * gw_x * u_x / n - c) - centred_gw * u_x - centred_u * gw_x
    return (rstd * rstd / n * total).reshape(x.shape)


def _grad_input_by_weight(gg, g, x, mean, rstd, shape):
    n = int(np.prod(shape))
    _, x_hat, rstd = _normalised(x, mean, rstd, n)
    return (g.reshape(-1, n) * _projected(gg.reshape(-1, n), x_hat, rstd)).sum(0).reshape(shape)


def _grad_weight_by_input(gg, g, x, mean, rstd, shape):
    n = int(np.prod(shape))
    _, x_hat, rstd = _normalised(x, mean, rstd, n)
    weighted = g.reshape(-1, n) * gg.reshape(1, n)
    centred = weighted - weighted.mean(1, keepdim=True)
    return (rstd * (centred - x_hat * (weighted * x_hat).sum(1, keepdim=True) / n)).reshape(x.shape)


def _grad_weight_by_output(gg, x, mean, rstd, shape):
    n = int(np.prod(shape))
    _, x_hat, _ = _normalised(x, mean, rstd, n)
    return (gg.reshape(1, n) * x_hat).reshape(x.shape)


_SAVED = ("result1", "result2", "normalized_shape")
rule("layer_norm_grad_input", Rule(
    "NativeLayerNormBackwardBackward0", _layer_norm_grad_input,
    lambda gg, _, g, x, w, *saved: _grad_input_by_output(gg, x, w, *saved),
    lambda gg, _, g, x, w, *saved: _grad_input_by_input(gg, g, x, w, *saved),
    lambda gg, _, g, x, w, *saved: _grad_input_by_weight(gg, g, x, *saved),
    formulas=("c * rstd * (grad - mean(grad) - x_hat * mean(grad * x_hat))  (per row, x_hat = (b - mean) * rstd)",
              "rstd^2 / N * (x_hat * (3 * <a c, x_hat> <grad, x_hat> / N - <grad, a c> + mean(a c) sum(grad)) "
              "- (a c - mean(a c)) <grad, x_hat> - (grad - mean(grad)) <a c, x_hat>)",
              "sum over rows of a * rstd * (grad - mean(grad) - x_hat * mean(grad * x_hat))"),
    saved_names=("grad_out", "input", "weight", *_SAVED)))
rule("layer_norm_grad_weight", Rule(
    "NativeLayerNormBackwardBackward0", _layer_norm_grad_weight,
    lambda gg, _, g, x, *saved: _grad_weight_by_output(gg, x, *saved),
    lambda gg, _, g, x, *saved: _grad_weight_by_input(gg, g, x, *saved),
    formulas=("grad * x_hat", "rstd * (a grad - mean(a grad) - x_hat * <a grad, x_hat> / N)"),
    saved_names=("grad_out", "input", *_SAVED)))
# grad_bias depends on grad_out alone, but torch's node takes the input and weight too (so it has a grad_fn
# whenever they require grad): no gradient flows to them.
rule("layer_norm_grad_bias", Rule(
    "NativeLayerNormBackwardBackward0", _layer_norm_grad_bias,
    lambda gg, _, g, x, w, *saved: gg.expand(*g.shape),
    None, None, save="none", formulas=("grad, broadcast over the rows", "0", "0"),
    saved_names=("grad_out", "input", "weight", *_SAVED)))


@op("layer_norm", method=False, namespaces=(), rules=dict(layer_norm=Rule(
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
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    _check(input, shape, weight, bias)
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
    """_check_layer_norm_inputs' errors, as torch words them."""
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
