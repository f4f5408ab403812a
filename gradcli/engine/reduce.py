"""Reductions in the order torch's CPU kernels compute them, so that float32/float64 results are bit-identical.

Float addition is not associative, so a sum is only bit-identical to torch's when the same
additions happen in the same order.  Here, with NumPy array operations: the cascade sum and mean
(SumKernel.cpp), prod and the vector norms (Reduce.h, ReduceOpsKernel.cpp), var/std (ReduceOps.cpp),
nll_loss's partial sums (LossNLL.cpp) and softmax/log_softmax with their backward (SoftMaxKernel.cpp),
each described where it is defined.  torch's cascade sum (one thread):

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

import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

try:  # np.einsum's C function: its Python wrapper (dispatch, keyword handling) costs 1.4 us a call, a tenth of a small sum
    from numpy._core.multiarray import c_einsum as _einsum
except ImportError:  # NumPy 1.x
    _einsum = np.einsum

from . import kernels, mkl_linalg
from .clibrary import c_function
from .kernels import fma, sleef_expf
from .libm import expf
from .sleef import expd_u10, log_u10, logf_u10

VECTOR_BYTES = 32
C_EXP = c_function("exp", np.exp)
LEVELS = 4


def _along(a, axis, lo=None, hi=None, step=None):
    """a[lo:hi:step] along ``axis`` (a view)."""
    return a[(slice(None),) * axis + (slice(lo, hi, step),)]


LONG_RUN = 256  # elements: from this contiguous run length on, np.add.reduce outruns einsum ...
SMALL_TERMS = 4096  # ... and below this many terms, where a call's fixed cost decides (1.4 us against 2.4 here)
MKL_TERMS = 1 << 17  # from this many terms on, MKL (_stacked_sums: 10 us a call) outruns einsum on short runs


def _contiguous_run(a, axis):
    """How many elements the axes after ``axis`` hold in one contiguous run at the end of a's layout."""
    run = 1
    for size, stride in zip(a.shape[:axis:-1], a.strides[:axis:-1]):
        if stride != run * a.itemsize:
            break
        run *= size
    return run


_SUBSCRIPTS = [[f"{letters}->{letters.replace(letter, '')}" for letter in letters]
               for letters in ("abcdefghijklmnopqrstuvwxyz"[:ndim] for ndim in range(27))]  # [ndim][axis]: sum over axis


def _sequential(a, axis=0, out=None):
    """0 + a[0] + a[1] + ... along ``axis``, strictly left to right (into ``out`` if given)."""
    axis %= a.ndim
    run = _contiguous_run(a, axis)
    if a.shape[axis] > 1 and run > 1 and abs(a.strides[axis]) > a.itemsize:
        # The contiguous run is then the inner loop: slice after slice is added into an output that starts
        # at +0, as torch's accumulator does, reading the array in place however the other axes are
        # strided.  np.add.reduce (AVX2 loops) is faster on long runs, einsum (less overhead per run) on
        # short ones, such as the 32-element runs of torch's accumulator layout (there 1.6x faster).
        if run >= LONG_RUN or a.size < SMALL_TERMS:
            return np.add.reduce(a, axis=axis, initial=0, out=out)
        summed = _stacked_sums(a, axis, run, out) if a.size >= MKL_TERMS else None
        if summed is not None:
            return summed
        subscripts = _SUBSCRIPTS[a.ndim][axis]
        return _einsum(subscripts, a) if out is None else _einsum(subscripts, a, out=out)  # (C's takes no out=None)
    if a.shape[axis] == 0:
        total = np.zeros(a.shape[:axis] + a.shape[axis + 1:], a.dtype)
    elif a.shape[axis] == 1:  # (einsum is slow over an axis of one)
        total = a[(slice(None),) * axis + (0,)] + 0
    else:
        total = np.add.accumulate(a, axis=axis)[(slice(None),) * axis + (-1,)] + 0  # -0 sums to +0, as from torch's +0
    if out is None:
        return total
    out[...] = total
    return out


def _stacked_sums(a, axis, run, out):
    """_sequential by MKL (mkl_linalg.sums_in_order: 1.5x faster than einsum over a cascade's 32-element runs, and
    faster than NumPy's own sum) when the axes before ``axis`` walk a's memory with one stride and the run is all
    the axes after it, as in a cascade's blocks; else None."""
    if run != math.prod(a.shape[axis + 1:]):
        return None
    if out is None:
        out = np.empty(a.shape[:axis] + a.shape[axis + 1:], a.dtype)
    batch = math.prod(a.shape[:axis])
    if any(_walk_stride(x.shape[:axis], x.strides[:axis]) is None for x in (a, out)):
        return None
    # out's axes from `axis` on (after a new axis there) must be one contiguous run, as a's after `axis` are
    if _contiguous_run(out[(slice(None),) * axis + (None,)], axis) != run:
        return None
    # Both merge into (batch, ...) without a copy, so the reshaped out is a view of out.
    summed = mkl_linalg.sums_in_order(a.reshape(batch, a.shape[axis], run), out.reshape(batch, run))
    return None if summed is None else out


def _walk_stride(shape, strides):
    """The one stride with which a walk over ``shape`` in C order steps through memory (dims of one aside), 0
    for no such dims, or None."""
    stride = span = None
    for size, step in zip(shape[::-1], strides[::-1]):
        if size == 1:
            continue
        if stride is None:
            stride, span = step, size
        elif step != stride * span:
            return None
        else:
            span *= size
    return stride or 0


HEADS_GAP = 2  # terms: a leftover this close to a full block is read with the blocks (see _blocks) ...
HEADS_BYTES = 1 << 19  # ... when the terms outgrow the 512 KB L2 cache (in it, two views cost no more)


def _blocks(a, axis, step):
    """(The sums of the full blocks of ``step`` terms along ``axis``, the sum of the terms left over or
    None), each left to right."""
    count, left = divmod(a.shape[axis], step)
    if count and left >= step - HEADS_GAP and a.nbytes > HEADS_BYTES:
        # The leftover nearly fills a block: one view of every block's first ``left`` terms (the last
        # "block" is the leftover) reads rows of many blocks nearly whole; the full blocks' sums then
        # take their last terms one by one.  (A view of the full blocks and one of the leftover read such
        # rows in two parts, one pass each, which from memory costs twice one pass over whole rows.)
        heads = as_strided(a, a.shape[:axis] + (count + 1, left) + a.shape[axis + 1:],
                           a.strides[:axis] + (step * a.strides[axis], a.strides[axis]) + a.strides[axis + 1:],
                           writeable=False)
        sums = _sequential(heads, axis + 1)
        for k in range(left, step):
            np.add(_along(sums, axis, None, count), _along(a, axis, k, count * step, step),
                   out=_along(sums, axis, None, count))
        return _along(sums, axis, None, count), np.take(sums, count, axis)
    full = count * step
    head = _along(a, axis, None, full).reshape(a.shape[:axis] + (count, step) + a.shape[axis + 1:])
    return _sequential(head, axis + 1), _sequential(_along(a, axis, full), axis) if left else None


def _level_step(n):
    ceil_log2 = 1 if n <= 2 else (n - 1).bit_length()
    return 1 << max(4, ceil_log2 // LEVELS)


def _levels(a, axis, step):
    """The four-level cascade along ``axis`` with blocks of ``step``: the sums of the terms each level
    leaves over, then the sum of the last level's terms, added in that order.  A level with less than a
    block of terms leaves them all over, and empty parts are skipped: adding their +0 changes nothing."""
    level, parts = a, []
    for _ in range(LEVELS - 1):
        if level.shape[axis] < step:
            break
        level, leftover = _blocks(level, axis, step)
        if leftover is not None:
            parts.append(leftover)
    if level.shape[axis] or not parts:
        parts.append(_sequential(level, axis))
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return total


def cascade(a, axis=0):
    """torch's multi_row_sum along ``axis``: one four-level cascade per other element."""
    step = _level_step(a.shape[axis])
    if not a.flags.c_contiguous:
        return _levels(a, axis, step)
    # As (others before, terms, others after), without axes of one: einsum then runs its loop for three
    # dimensions (a flat sum's blocks of 16 terms of 4 x 8 floats: 2.9% less time than as four).
    before, after = math.prod(a.shape[:axis]), math.prod(a.shape[axis + 1:])
    shape = ((before,) if before > 1 else ()) + (a.shape[axis],) + ((after,) if after > 1 else ())
    total = _levels(a.reshape(shape), int(before > 1), step)
    return total.reshape(a.shape[:axis] + a.shape[axis + 1:])


NLL_LEVELS = 8


def _segment_sums(values, ends):
    """Left-to-right sums (from +0) of values[ends[k-1] + 1 : ends[k] + 1], and of what follows the last end."""
    starts = np.concatenate([[0], ends + 1])
    lengths = np.diff(np.concatenate([starts, [values.size]]))
    segment = np.repeat(np.arange(lengths.size), lengths)
    padded = np.zeros((lengths.size, max(int(lengths.max()), 1)), values.dtype)
    padded[segment, np.arange(values.size) - starts[segment]] = values  # +0 after the terms adds nothing
    return _sequential(padded, 1)


def nll_cascade(values, positions, batch):
    """The sum of ``values`` (taken at rows ``positions`` of a batch) as torch's nll_loss adds them
    (LossNLL.cpp): eight levels of partial sums; after the term of row b, level j moves into level j + 1
    when b is a multiple of 16**(j + 1) (2**max(4, ceil_log2(batch) // 8) in general), so row 0's term
    goes straight to the last level and an ignored row (no term) moves nothing; then the eight partial
    sums are added from level 0 up."""
    bits = max(4, (1 if batch <= 2 else (batch - 1).bit_length()) // NLL_LEVELS)
    partials = []
    for level in range(NLL_LEVELS - 1):
        ends = np.flatnonzero(positions % (1 << (bits * (level + 1))) == 0)
        sums = _segment_sums(values, ends) if values.size else np.zeros(1, values.dtype)
        partials.append(sums[-1])
        values, positions = sums[:-1], positions[ends]
    partials.append(_sequential(values, 0))
    return _sequential(np.array(partials, values.dtype), 0)


def row_sum(a, axis=0):
    """torch's row_sum along ``axis``: four interleaved cascades, the tail, then the four folded."""
    n = a.shape[axis]
    quarter = n // 4
    body = _along(a, axis, None, quarter * 4).reshape(a.shape[:axis] + (quarter, 4) + a.shape[axis + 1:])
    partial = cascade(body, axis)
    lead = (slice(None),) * axis
    first = partial[lead + (0,)]
    for k in range(quarter * 4, n):  # at most three terms
        first = first + a[lead + (k,)]
    return ((first + partial[lead + (1,)]) + partial[lead + (2,)]) + partial[lead + (3,)]


ROWS_CHUNK_BYTES = 1 << 22  # 4 MB: best measured here ((10^4, 10^3) over dim 1: 2.4x np.sum, 3.5x in one go)


SHORT_VECTORS = 4 * 256  # a row of fewer vectors has at most one cascade level (256 groups of four < 16 blocks of 16)
BLOCK = 16  # the cascade's block for fewer than 2**20 terms (see _level_step)
SHORT_BYTES = 1 << 16  # larger inputs keep the general path, whose passes are arranged for memory traffic


def _short_rows(rows, lanes):
    """_inner_rows of 2-d ``rows`` shorter than SHORT_VECTORS vectors, in a handful of NumPy calls.  The row sum
    over a row's vectors (or, when shorter than a vector, over its elements) then has at most one cascade level,
    which gives the four partial vectors (_partials); the rest follows a plan made once per row length (_Fold)."""
    count, n = rows.shape
    fold = _FOLDS.get((n, lanes)) or _Fold.plan(n, lanes)
    source = rows if fold.partials_in_row else np.concatenate((rows, _partials(rows, fold)), axis=1)
    terms = source.take(fold.index, axis=1)
    if fold.width == 1:  # one lane: its chain is the whole sum, from +0
        return np.add.accumulate(terms, axis=1)[:, -1] + 0 if n else np.zeros(count, rows.dtype)
    tail_and_lanes = np.add.reduce(terms, axis=1, initial=0, where=fold.mask)
    return np.add.accumulate(tail_and_lanes, axis=1)[:, -1]


_FOLDS = {}  # (row length, lanes): its _Fold


class _Fold:
    """The end of a short row's sum, as index arrays into the row followed by its four partial vectors.  One
    gather lays out a column per scalar-tail element, then a column per lane holding that lane's chain: the
    first partial vector, the last vectors (at most three), the three other partials.  One reduce adds each
    column from +0, and one accumulate adds the columns left to right: the scalar tail, then the lanes.  A
    chain that starts at +0 never sums to -0, so a column's chain may end early (``mask``): the +0 it would
    add changes nothing, nor does adding a partial itself rather than its sum from +0.  With one lane (a row
    shorter than a vector) the lane's chain is the whole sum, ``index`` one column."""

    def __init__(self, n, lanes):
        self.width = width = lanes if n >= lanes else 1
        vectors = n // width
        self.groups = vectors // 4
        self.blocks, self.left = divmod(self.groups, BLOCK)
        self.partials_in_row = self.groups <= 1  # one group is its own partials: no level to sum
        partial = 0 if self.partials_in_row else n
        tail = [[j] for j in range(vectors * width, n)]
        chains = [([partial + lane] if self.groups else [])
                  + [vector * width + lane for vector in range(self.groups * 4, vectors)]
                  + ([partial + k * width + lane for k in (1, 2, 3)] if self.groups else [])
                  for lane in range(width)]
        if width == 1:
            self.index, self.mask = np.array(chains[0], np.intp), None
            return
        columns = tail + chains
        depth = max(map(len, columns))
        self.index = np.array([[c[i] if i < len(c) else 0 for c in columns] for i in range(depth)], np.intp)
        self.mask = np.array([[i < len(c) for c in columns] for i in range(depth)])

    @classmethod
    def plan(cls, n, lanes):
        fold = _FOLDS[n, lanes] = cls(n, lanes)
        return fold


def _partials(rows, fold):
    """The four partial vectors of each row's row sum, side by side: each lane's groups summed in blocks of
    BLOCK from +0, then the block sums after the leftover groups' sum."""
    size = 4 * fold.width
    body = rows[:, :fold.groups * size].reshape(len(rows), fold.groups, size)
    full = fold.blocks * BLOCK
    partial = _in_order(body[:, full:], 1) if fold.left else None
    if fold.blocks:
        block_sums = _in_order(body[:, :full].reshape(len(rows), fold.blocks, BLOCK, size), 2)
        # One block sum is its own total: it started at +0, so it is not -0 and adding it to +0 changes nothing.
        block_total = block_sums[:, 0] if fold.blocks == 1 else _in_order(block_sums, 1)
        partial = block_total if partial is None else partial + block_total
    return partial


def _in_order(a, axis):
    """0 + a[..., 0, :] + a[..., 1, :] + ... along ``axis``, not the last: NumPy's reduce adds slice after
    slice into the contiguous output (its pairwise sum is only for the contiguous axis)."""
    return np.add.reduce(a, axis=axis, initial=0)


def _inner(a, lanes):
    """Reduce the last axis, contiguous in memory (vectorized_inner_sum / scalar_inner_sum).  Rows are
    summed a few MB at a time: the passes over each row's parts (blocks, leftover, tail) then find the
    rows in the cache instead of fetching them from memory once per part."""
    rows = a.reshape(-1, a.shape[-1])
    if a.shape[-1] < SHORT_VECTORS * lanes and a.nbytes <= SHORT_BYTES:
        return _short_rows(rows, lanes).reshape(a.shape[:-1])
    per_chunk = max(1, ROWS_CHUNK_BYTES // (a.shape[-1] * a.itemsize))
    if len(rows) <= per_chunk:
        return _inner_rows(a, lanes)
    sums = [_inner_rows(rows[start:start + per_chunk], lanes) for start in range(0, len(rows), per_chunk)]
    return np.concatenate(sums).reshape(a.shape[:-1])


def _inner_rows(a, lanes):
    n = a.shape[-1]
    if n < lanes:
        return row_sum(a, a.ndim - 1)
    vectors = n // lanes
    body = a[..., :vectors * lanes].reshape(a.shape[:-1] + (vectors, lanes))
    lane_sums = row_sum(body, a.ndim - 1)
    return _sequential(np.concatenate([a[..., vectors * lanes:], lane_sums], axis=-1), -1)


def _outer(a, lanes):
    """Reduce axis 0 of a (rows, slices, columns) array whose columns are contiguous."""
    columns = a.shape[-1]
    group = 4 * lanes if columns >= lanes else 4
    split = columns // group * group
    if not split:  # (fewer columns than a group: all of them are summed as a row sum)
        return _column_row_sums(a)
    # The cascade runs over all the columns, so that its blocks are contiguous slabs (einsum is several
    # times slower on strided ones); the last columns are then summed again as torch sums them.
    out = cascade(a)
    if split < columns:
        out[..., split:] = _column_row_sums(a[..., split:])
    return out


def _column_row_sums(a):
    """row_sum along axis 0; over few rows of a small array, the short path's, each column a row of one lane."""
    if len(a) < SHORT_VECTORS and a.nbytes <= SHORT_BYTES:
        return _short_rows(a.reshape(len(a), -1).T, 1).reshape(a.shape[1:])
    return row_sum(a)


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
    if len(set(axes)) == ndim and 0 < x.size < SHORT_VECTORS * (VECTOR_BYTES // x.itemsize):  # a whole small tensor
        rows = x.reshape(1, -1)
        total = rows[0] + 0 if x.size == 1 else _short_rows(rows, VECTOR_BYTES // x.itemsize)
        return total.reshape((1,) * ndim if keepdims else ())
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
        return x + 0
    if flags[-1] or flags.count(True) > 1:
        # The innermost reduced group is summed row by row; the other reduced groups then
        # accumulate those row sums into the output in memory order.
        inner = len(flags) - 1 - flags[::-1].index(True)
        rows = _inner(g, lanes) if inner == len(flags) - 1 else row_sum(g, inner)
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
    return _outer(columns.transpose(1, 0, 2), lanes)


def torch_mean(x, axis=None, keepdims=False):
    """torch's CPU mean: the cascade sum divided by the number of elements summed, in x's dtype."""
    total = torch_sum(x, axis, keepdims)
    count = math.prod([x.shape[d] for d in _axes(axis, x.ndim)])
    return total / x.dtype.type(count)


def _reduced_first(x, axes):
    """The reduced elements of each output along a new axis 0, in memory order (TensorIterator's order)."""
    kept = [d for d in range(x.ndim) if d not in axes]
    moved = np.transpose(x, list(axes) + kept)
    return moved.reshape((-1,) + tuple(x.shape[d] for d in kept))


def _shaped(result, x, axes, keepdims):
    if keepdims:
        return result.reshape(tuple(1 if d in axes else s for d, s in enumerate(x.shape)))
    return result.reshape(tuple(s for d, s in enumerate(x.shape) if d not in axes))


def _single_last_group(shape, axes):
    """Whether the reduced dims, once merged as TensorIterator merges them, are one group that is the last."""
    groups = _groups(shape, [d in axes for d in range(len(shape))])
    return [r for _, r in groups] == [False] * (len(groups) - 1) + [True] if groups else False


def _fma(a, b, c):
    return fma(a, b, c).reshape(np.shape(c))


def _norm2_rows(x):
    """The 2-norm of each row (last axis) as torch's vectorised kernel computes it (ReduceOpsKernel.cpp,
    AVX2 build): lane-wise sums of the rounded squares of whole 32-byte vectors, the lanes folded left to
    right, then the scalar tail, which the compiler unrolls by four with the squares computed apart and
    rounded (SLP) and contracts to fused multiply-adds in the last n % 4 terms."""
    n = x.shape[-1]
    lanes = VECTOR_BYTES // x.itemsize
    whole = n // lanes * lanes
    squares = x * x
    lane_sums = _sequential(squares[..., :whole].reshape(x.shape[:-1] + (-1, lanes)), x.ndim - 1)
    unrolled = whole + (n - whole) // 4 * 4
    total = _sequential(np.concatenate([lane_sums, squares[..., whole:unrolled]], axis=-1), -1)
    for k in range(unrolled, n):  # at most three terms
        total = _fma(x[..., k], x[..., k], total)
    return np.sqrt(total)


def torch_norm(x, p, axis=None, keepdims=False):
    """torch.linalg.vector_norm for p = 2, 1 and inf (other p: NumPy's order), float32/float64."""
    x = np.asarray(x, order="C")
    axes = _axes(axis, x.ndim)
    magnitude = np.abs(x)
    if x.size and all(x.shape[d] == 1 for d in axes):
        return _shaped(magnitude, x, axes, keepdims)  # torch returns abs(x) when nothing is summed
    if p == math.inf:
        result = magnitude.max(axis=axes, initial=0) if axes else magnitude
        return _shaped(result, x, axes, keepdims)
    if p == 2 and _single_last_group(x.shape, axes):
        rows = x.reshape(tuple(s for d, s in enumerate(x.shape) if d not in axes) + (-1,))
        return _shaped(_norm2_rows(rows), x, axes, keepdims)
    # The generic binary_kernel_reduce: acc + term, element after element in memory order.
    terms = {1: magnitude, 2: x * x}.get(p)
    if terms is None:
        return _shaped(np.sum(magnitude ** p, axis=axes) ** (1 / p), x, axes, keepdims)
    total = _sequential(_reduced_first(terms, axes), 0)
    return _shaped(np.sqrt(total) if p == 2 else total, x, axes, keepdims)


def _product(a, axis):
    """1 * a[0] * a[1] * ... along ``axis``, left to right."""
    if a.shape[axis] == 0:
        return np.ones(a.shape[:axis] + a.shape[axis + 1:], a.dtype)
    return np.take(np.multiply.accumulate(a, axis=axis), -1, axis=axis)


def torch_prod(x, axis=None, keepdims=False):
    """torch's CPU prod (binary_kernel_reduce_vec, Reduce.h): along a contiguous last dim, four vectors of
    running products over blocks of 4 * lanes elements, combined as (v0 * v1) * (v2 * v3), their lanes
    multiplied left to right, then the tail one by one; any other reduction multiplies in memory order."""
    x = np.asarray(x, order="C")
    axes = _axes(axis, x.ndim)
    reduced = [d in axes for d in range(x.ndim)]
    groups = _groups(x.shape, reduced)
    if not groups or not groups[-1][1]:
        return _shaped(_product(_reduced_first(x, axes), 0), x, axes, keepdims)
    # The last group is reduced: each of its rows becomes [vector part, tail...]; the rows' terms are then
    # multiplied into the output in memory order.
    sizes = [size for size, _ in groups]
    rows = x.reshape(sizes)
    block = 4 * VECTOR_BYTES // x.itemsize
    n = sizes[-1]
    count = n // block
    terms = rows[..., count * block:]
    if count:
        body = rows[..., :count * block].reshape(tuple(sizes[:-1]) + (count, 4, block // 4))
        v = _product(body, len(sizes) - 1)
        lanes = (v[..., 0, :] * v[..., 1, :]) * (v[..., 2, :] * v[..., 3, :])
        terms = np.concatenate([_product(lanes, lanes.ndim - 1)[..., None], terms], axis=-1)
    flags = [r for _, r in groups]
    order = [i for i, r in enumerate(flags) if r] + [i for i, r in enumerate(flags) if not r]
    ordered = np.transpose(terms, order).reshape((-1,) + tuple(s for s, r in groups if not r))
    return _shaped(_product(ordered, 0), x, axes, keepdims)


def torch_var(x, axis=None, correction=1.0, keepdims=False, take_sqrt=False):
    """torch's CPU var/std in double precision (ReduceOps.cpp): with one output, the two-pass
    sum((x - mean)**2) from the float mean, left to right; otherwise Welford's update, element after
    element in memory order, vectorised over the outputs.  The result is rounded to x's dtype once."""
    x = np.asarray(x, order="C")
    axes = _axes(axis, x.ndim)
    count = int(np.prod([x.shape[d] for d in axes]))
    if count == 0:
        kept = tuple(1 if d in axes else s for d, s in enumerate(x.shape))
        return _shaped(np.full(kept, np.nan, x.dtype), x, axes, keepdims)
    with np.errstate(divide="ignore", invalid="ignore"):
        if count == x.size:
            deviations = x.reshape(-1).astype(np.float64) - float(torch_mean(x))
            var = _sequential(deviations * deviations, 0) / max(0.0, count - correction)
        else:
            terms = _reduced_first(x, axes).astype(np.float64)
            mean = np.zeros(terms.shape[1:])
            m2 = np.zeros(terms.shape[1:])
            for k, term in enumerate(terms):  # the update depends on the previous mean: one step per element
                delta = term - mean
                mean = mean + delta / (k + 1)
                m2 = m2 + delta * (term - mean)
            var = m2 / (count - correction if count > correction else 0.0)
        result = np.sqrt(var) if take_sqrt else var
    return _shaped(np.asarray(result).astype(x.dtype), x, axes, keepdims)


def vector_sum_rows(e, register_bytes=None):
    """torch's vec::reduce_all(+) over the last axis (vectors of register_bytes, by default kernels.REGISTER_BYTES:
    8 float32 or 4 float64 lanes on AVX2, twice that on AVX512):
    lane-wise running sums of whole vectors, the partial last vector into its first lanes, then the
    lanes folded: float32 as ((a0 + a4) + (a2 + a6)) + ((a1 + a5) + (a3 + a7)), float64 left to right;
    rows shorter than a vector add left to right."""
    n = e.shape[-1]
    lanes = (register_bytes or kernels.REGISTER_BYTES) // e.itemsize
    if n < lanes:
        return _sequential(e, -1) if n else np.zeros(e.shape[:-1], e.dtype)
    whole = n // lanes * lanes
    acc = _sequential(e[..., :whole].reshape(e.shape[:-1] + (-1, lanes)), e.ndim - 1)
    tail = n - whole
    acc[..., :tail] += e[..., whole:]
    return _fold_lanes(acc)


def _fold_lanes(acc):
    """vec_reduce_all's fold of the lanes: float32 has a shuffle specialisation (halves folded onto
    halves), float64 the generic one, lane after lane."""
    if acc.dtype != np.float32:
        return _sequential(acc, -1)
    while acc.shape[-1] > 1:
        half = acc.shape[-1] // 2
        acc = acc[..., :half] + acc[..., half:]
    return acc[..., 0]


def product_sums(g, out, register_bytes=None, fused_tail=None):
    """vec::map2_reduce_all(x * y, +) over the last axis: as vector_sum_rows of the products, but where
    fused_tail (softmax's backward: float32 only) the build fuses the partial last vector's multiply and add
    (an FMA)."""
    n = g.shape[-1]
    lanes = (register_bytes or kernels.REGISTER_BYTES) // g.itemsize
    whole = n // lanes * lanes
    if fused_tail is None:
        fused_tail = g.dtype == np.float32
    if n < lanes or not fused_tail or whole == n:
        return vector_sum_rows(g * out, register_bytes)
    acc = _sequential((g[..., :whole] * out[..., :whole]).reshape(g.shape[:-1] + (-1, lanes)), g.ndim - 1)
    acc[..., :n - whole] = _fma_many(g[..., whole:], out[..., whole:], acc[..., :n - whole])
    return _fold_lanes(acc)


def _fma_many(a, b, c):
    return fma(a, b, c).reshape(np.broadcast_shapes(np.shape(a), np.shape(b), np.shape(c)))


def _vector_exp(x):
    """Vectorized<T>::exp: SLEEF's expf_u10 (float32) or expd_u10 (float64)."""
    return sleef_expf(x).reshape(x.shape) if x.dtype == np.float32 else expd_u10(x)


def _log(sums):
    """The log of the softmax sums, as torch takes it (Vectorized<T>::log): SLEEF's logf_u10 or log_u10."""
    return logf_u10(sums) if sums.dtype == np.float32 else log_u10(sums)


def _softmax_parts(x, axis):
    """(x - max, exp of that, sum of the exps along ``axis``, kept) in the order of torch's kernels
    (SoftMaxKernel.cpp).  Over the contiguous last dim: exp of whole rows in vectors, vec::reduce_all's
    sum.  Over another dim: the exps summed one slice after another, from 0; inner positions in whole
    vectors use the vector exp, the last inner % lanes the C library's (glibc's expf)."""
    axis %= x.ndim
    shifted = x - x.max(axis, keepdims=True)
    if axis == x.ndim - 1:
        e = _vector_exp(shifted)
        return shifted, e, vector_sum_rows(e)[..., None]
    e = _exp_off_last(shifted, axis)
    return shifted, e, _slice_sums(e, axis)


def _exp_off_last(x, axis):
    """exp in torch's kernels for a dim other than the last: inner positions in whole vectors use the vector
    exp, the last inner % lanes the C library's (glibc's expf, emulated; its exp)."""
    columns = x.reshape(x.shape[:axis + 1] + (-1,))
    vectors = columns.shape[-1] // (kernels.REGISTER_BYTES // x.itemsize) * (kernels.REGISTER_BYTES // x.itemsize)
    scalar = expf if x.dtype == np.float32 else C_EXP
    e = np.concatenate([_vector_exp(columns[..., :vectors]), scalar(columns[..., vectors:]).astype(x.dtype)], axis=-1)
    return e.reshape(x.shape)


def _slice_sums(a, axis):
    """Sums along ``axis``, kept, one slice after another from 0."""
    return np.expand_dims(_sequential(a, axis), axis)


def torch_softmax(x, axis):
    """torch's CPU softmax of float32/float64: over the last dim a multiply by 1 / sum, otherwise a division."""
    _, e, sums = _softmax_parts(x, axis)
    return e * (x.dtype.type(1) / sums) if axis % x.ndim == x.ndim - 1 else e / sums


def torch_log_softmax(x, axis):
    """torch's CPU log_softmax of float32/float64: (x - max) - log(sum of exp)."""
    shifted, _, sums = _softmax_parts(x, axis)
    return shifted - _log(sums)


def torch_softmax_backward(g, out, axis):
    """torch's softmax backward (SoftMaxKernel.cpp): (g - sum(g * out)) * out.  Over the last dim the sum is
    map2_reduce_all's; over another dim torch accumulates g * out slice by slice from 0 as fused
    multiply-adds (its AVX2 build contracts them)."""
    if out.ndim == 0:  # a 0-d tensor is a row of one
        return torch_softmax_backward(g.reshape(1), out.reshape(1), 0).reshape(())
    axis %= out.ndim
    if axis == out.ndim - 1:
        return (g - product_sums(g, out)[..., None]) * out
    g_slices, out_slices = np.moveaxis(g, axis, 0), np.moveaxis(out, axis, 0)
    total = np.zeros_like(g_slices[0])
    for g_slice, out_slice in zip(g_slices, out_slices):  # one fused step per slice of the dim
        total = _fma_many(g_slice, out_slice, total)
    return out * (g - np.expand_dims(total, axis))


def torch_log_softmax_backward(g, out, axis):
    """torch's log_softmax backward: g - exp(out) * sum(g) as one FMA (the AVX2 build contracts it), the
    sum and the exp as in the forward kernels for that dim."""
    if out.ndim == 0:
        return torch_log_softmax_backward(g.reshape(1), out.reshape(1), 0).reshape(())
    axis %= out.ndim
    if axis == out.ndim - 1:
        e, total = _vector_exp(out), vector_sum_rows(g)[..., None]
    else:
        e, total = _exp_off_last(out, axis), _slice_sums(g, axis)
    return _fma_many(-e, total, g)
