"""Floating-point sums in the order torch's CPU kernel adds (aten/src/ATen/native/cpu/SumKernel.cpp).

Float addition is not associative, so a sum is only bit-identical to torch's when the same
additions happen in the same order.  torch's cascade sum (one thread) is reproduced here
with NumPy array operations:

- A *cascade* over n terms adds blocks of ``L = 2**max(4, ceil_log2(n) // 4)`` terms left
  to right, then blocks of L block sums, then blocks of those, and keeps one last
  accumulator for the rest (four levels); the leftovers of each level are added at the end.
- A *row sum* runs four cascades over the terms ``i % 4 == k``, adds the last ``n % 4``
  terms to the first, then folds the four partial sums left to right.
- A reduction over the contiguous last dimension loads 32-byte vectors (8 floats or 4
  doubles): a row sum of vectors, lane by lane; then, starting from 0, the scalar tail and
  the lanes in order.  A reduction over an outer dimension sums columns: columns in full
  groups of four vectors (or of four, when fewer than a vector remain) get a plain cascade,
  the rest a row sum.  Further reduced dimensions accumulate into the output in memory order.

The vector width is 32 bytes under both ATEN_CPU_CAPABILITY=default and avx2, so the
result does not depend on which of the two torch picked.  Inputs are taken as C-contiguous.
"""

import numpy as np

from .kernels import sleef_expf
from .sleef import logf_u10

VECTOR_BYTES = 32
LEVELS = 4


def _sequential(a, axis=0):
    """0 + a[0] + a[1] + ... along ``axis``, strictly left to right."""
    if a.shape[axis] == 0:
        return np.zeros(np.delete(a.shape, axis), a.dtype)
    if a.flags.c_contiguous and np.prod(a.shape[axis:][1:]) > 1:
        # When later axes vary fastest, NumPy's reduction adds slice after slice: no pairwise blocks.
        out = np.add.reduce(a, axis=axis)
    else:
        out = np.take(np.add.accumulate(a, axis=axis), -1, axis=axis)
    return out + a.dtype.type(0)  # torch's accumulator starts at +0, so -0 sums to +0


def _blocks(a, step):
    """Split axis 0 into (full blocks of ``step`` summed left to right, the leftover terms)."""
    full = a.shape[0] // step * step
    head = a[:full].reshape((full // step, step) + a.shape[1:])
    return _sequential(head, 1), a[full:]


def _level_step(n):
    ceil_log2 = 1 if n <= 2 else (n - 1).bit_length()
    return 1 << max(4, ceil_log2 // LEVELS)


def _levels(a, step, top=None):
    """The four-level cascade over axis 0 with blocks of ``step``; ``top`` (terms already in the last
    level) is added there first."""
    level, leftover = _blocks(a, step)
    total = _sequential(leftover)
    for _ in range(LEVELS - 2):
        level, leftover = _blocks(level, step)
        total = total + _sequential(leftover)
    if top is not None:
        level = np.concatenate([top, level])
    return total + _sequential(level)


def cascade(a):
    """torch's multi_row_sum along axis 0: one four-level cascade per trailing element."""
    a = np.ascontiguousarray(a)  # one copy here keeps every block and leftover below contiguous
    return _levels(a, _level_step(a.shape[0]))


def nll_sum(values):
    """The sum of a 1-d array as torch's nll_loss adds its terms: the level check runs after each
    term on its index, so the first term goes straight to the last level and the cascade (block
    size from the batch size) runs over the others."""
    if values.size == 0:
        return values.dtype.type(0)
    return _levels(values[1:], _level_step(values.size), top=values[:1])


def row_sum(a):
    """torch's row_sum along axis 0: four interleaved cascades, the tail, then the four folded."""
    quarter = a.shape[0] // 4
    partial = cascade(a[:quarter * 4].reshape((quarter, 4) + a.shape[1:]))
    first = partial[0]
    for term in a[quarter * 4:]:
        first = first + term
    return ((first + partial[1]) + partial[2]) + partial[3]


def _inner(a, lanes):
    """Reduce the last axis, contiguous in memory (vectorized_inner_sum / scalar_inner_sum)."""
    n = a.shape[-1]
    if n < lanes:
        return row_sum(np.moveaxis(a, -1, 0))
    vectors = n // lanes
    body = a[..., :vectors * lanes].reshape(a.shape[:-1] + (vectors, lanes))
    lane_sums = row_sum(np.moveaxis(body, -2, 0))
    return _sequential(np.concatenate([a[..., vectors * lanes:], lane_sums], axis=-1), -1)


def _outer(a, lanes):
    """Reduce axis 0 of a (rows, slices, columns) array whose columns are contiguous."""
    columns = a.shape[-1]
    group = 4 * lanes if columns >= lanes else 4
    split = columns // group * group
    return np.concatenate([cascade(a[..., :split]), row_sum(a[..., split:])], axis=-1)


def _groups(shape, reduced):
    """Merge neighbouring dimensions that are both reduced or both kept, as TensorIterator does."""
    groups = []
    for size, is_reduced in zip(shape, reduced):
        if size == 1:
            continue
        if groups and groups[-1][1] == is_reduced:
            groups[-1][0] *= size
        else:
            groups.append([size, is_reduced])
    return groups


def _axes(axis, ndim):
    if axis is None or ndim == 0:  # a 0-d tensor accepts dim 0 or -1 and stays 0-d
        return tuple(range(ndim))
    return tuple(d % ndim for d in (axis if isinstance(axis, (tuple, list)) else (axis,)))


def torch_sum(x, axis=None, keepdims=False):
    """Sum of a float32/float64 array over ``axis`` (None, an int or a tuple), bit for bit as torch."""
    x = np.asarray(x, order="C")
    ndim = x.ndim
    axes = _axes(axis, ndim)
    out_shape = tuple(1 if d in axes else s for d, s in enumerate(x.shape))
    if x.size == 0:
        result = np.zeros(out_shape, x.dtype)
    else:
        result = _grouped_sum(x, [d in axes for d in range(ndim)]).reshape(out_shape)
    return result if keepdims else result.reshape(tuple(s for d, s in enumerate(x.shape) if d not in axes))


def _grouped_sum(x, reduced):
    lanes = VECTOR_BYTES // x.itemsize
    groups = _groups(x.shape, reduced)
    sizes = [size for size, _ in groups]
    flags = [is_reduced for _, is_reduced in groups]
    g = x.reshape(sizes)
    if not any(flags):
        return x + x.dtype.type(0)
    if flags[-1] or flags.count(True) > 1:
        # The innermost reduced group is summed row by row; the other reduced groups then
        # accumulate those row sums into the output in memory order.
        inner = len(flags) - 1 - flags[::-1].index(True)
        rows = _inner(g, lanes) if inner == len(flags) - 1 else row_sum(np.moveaxis(g, inner, 0))
        rest = flags[:inner] + flags[inner + 1:]
        outer = [i for i, r in enumerate(rest) if r]
        if not outer:
            return rows
        kept = [i for i, r in enumerate(rest) if not r]
        ordered = np.ascontiguousarray(rows.transpose(outer + kept))
        return _sequential(ordered.reshape((-1,) + tuple(rows.shape[i] for i in kept)))
    # One reduced group, and the last group is kept: sums down contiguous columns.
    at = flags.index(True)
    columns = g.reshape(-1, sizes[at], sizes[-1])
    return _outer(np.moveaxis(columns, 1, 0), lanes)


def torch_mean(x, axis=None, keepdims=False):
    """torch's CPU mean: the cascade sum divided by the number of elements summed, in x's dtype."""
    total = torch_sum(x, axis, keepdims)
    count = int(np.prod([x.shape[d] for d in _axes(axis, x.ndim)]))
    return total / x.dtype.type(count)


def vector_sum_rows(e):
    """torch's vec::reduce_all(+) over the last axis of a float32 array (8-lane vectors): lane-wise
    running sums of whole vectors, the partial last vector into its first lanes, then the lanes
    folded as ((a0 + a4) + (a2 + a6)) + ((a1 + a5) + (a3 + a7)); rows shorter than 8 add left to right."""
    n = e.shape[-1]
    lanes = VECTOR_BYTES // e.itemsize
    if n < lanes:
        return _sequential(e, -1) if n else np.zeros(e.shape[:-1], e.dtype)
    whole = n // lanes * lanes
    acc = _sequential(np.moveaxis(e[..., :whole].reshape(e.shape[:-1] + (-1, lanes)), -2, 0))
    tail = n - whole
    acc[..., :tail] += e[..., whole:]
    v = acc[..., :4] + acc[..., 4:]
    w = v[..., :2] + v[..., 2:]
    return w[..., 0] + w[..., 1]


def _exp_sums32(shifted):
    e = sleef_expf(shifted).reshape(shifted.shape)
    return e, vector_sum_rows(e)


def softmax_lastdim32(x):
    """torch's float32 softmax over the contiguous last dim: exp(x - max) with SLEEF's expf, the
    vector sum above, then a multiply by 1 / sum."""
    e, sums = _exp_sums32(x - x.max(-1, keepdims=True))
    return e * (np.float32(1) / sums)[..., None]


def log_softmax_lastdim32(x):
    """torch's float32 log_softmax over the last dim: (x - max) - log(sum of exp), the sum as in
    softmax, the log SLEEF's logf_u10 as torch takes it."""
    shifted = x - x.max(-1, keepdims=True)
    _, sums = _exp_sums32(shifted)
    return shifted - logf_u10(sums)[..., None]
