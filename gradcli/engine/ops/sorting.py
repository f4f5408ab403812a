"""Sorting: sort, argsort, msort, topk, kthvalue, median. torch 2.13's CPU kernels (aten/src/ATen/native/cpu/
SortingKernel.cpp, TopKImpl.h, Sorting.cpp) order each slice along dim with libstdc++'s std::sort (stable=False),
std::stable_sort (or fbgemm's stable radix sort: a long 1-D integer tensor, ascending), std::partial_sort or
std::nth_element (topk), TH's quick select (kthvalue); NaN compares as the largest value, all NaNs (and 0.0, -0.0)
as equals. Where a slice has no two equal values every correct sort agrees, and NumPy's stable argsort gives the
answer; where it has, the order of the ties is the algorithm's own, so the slice's ranks go through an emulation
of the algorithm torch runs (GCC 13's bits/stl_algo.h and stl_heap.h), comparison by comparison.

The gradient of the values (SortBackward0, TopkBackward0, ...) is torch's value_selecting_reduction_backward:
zeros with the gradient scattered to the indices, a scatter, so create_graph records it."""

import math

import numpy as np

from ..rules import R, Rule, op
from ..tensor import Tensor, _make
from .reductions import along_dim_rule, overall_rule, return_type, scatter_to, selected_along

RADIX_SORT_MINIMUM = 32768  # at::internal::GRAIN_SIZE
INSERTION_THRESHOLD = 16  # libstdc++'s _S_threshold: std::sort leaves runs this short to its final insertion sort


# ---- libstdc++'s algorithms, on a list `order` of positions whose keys are ranks[position] -----------------------
# Every comparison is ranks[i] < ranks[j]: the ranks are the slice's values numbered in torch's comparator order.

def _move_median_to_first(ranks, order, result, a, b, c):
    key = ranks.__getitem__
    ka, kb, kc = key(order[a]), key(order[b]), key(order[c])
    if ka < kb:
        median = b if kb < kc else c if ka < kc else a
    elif ka < kc:
        median = a
    else:
        median = c if kb < kc else b
    order[result], order[median] = order[median], order[result]


def _unguarded_partition_pivot(ranks, order, first, last):
    """__unguarded_partition_pivot: the median of three to first, then Hoare's partition of (first, last) around
    it; both scans stop at keys equal to the pivot, and swap them."""
    _move_median_to_first(ranks, order, first, first + 1, first + (last - first) // 2, last - 1)
    pivot = ranks[order[first]]
    low, high = first + 1, last
    while True:
        while ranks[order[low]] < pivot:
            low += 1
        high -= 1
        while pivot < ranks[order[high]]:
            high -= 1
        if not low < high:
            return low
        order[low], order[high] = order[high], order[low]
        low += 1


def _adjust_heap(ranks, order, base, hole, length, value):
    """__adjust_heap then __push_heap, in the heap order[base:base + length] (a max-heap of the ranks)."""
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if ranks[order[base + child]] < ranks[order[base + child - 1]]:
            child -= 1
        order[base + hole] = order[base + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        order[base + hole] = order[base + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and ranks[order[base + parent]] < ranks[value]:
        order[base + hole] = order[base + parent]
        hole = parent
        parent = (hole - 1) // 2
    order[base + hole] = value


def _pop_heap(ranks, order, first, last, result):
    value = order[result]
    order[result] = order[first]
    _adjust_heap(ranks, order, first, 0, last - first, value)


def _heap_select(ranks, order, first, middle, last):
    """__heap_select: a heap of [first, middle), which takes in each key after it smaller than its largest."""
    length = middle - first
    if length >= 2:
        parent = (length - 2) // 2
        while True:
            _adjust_heap(ranks, order, first, parent, length, order[first + parent])
            if parent == 0:
                break
            parent -= 1
    for i in range(middle, last):
        if ranks[order[i]] < ranks[order[first]]:
            _pop_heap(ranks, order, first, middle, i)


def _partial_sort(ranks, order, first, middle, last):
    """std::partial_sort: __heap_select, then __sort_heap."""
    _heap_select(ranks, order, first, middle, last)
    while middle - first > 1:
        middle -= 1
        _pop_heap(ranks, order, first, middle, middle)


def _insertion_sort(ranks, order, first, last):
    """__insertion_sort (and __final_insertion_sort's guarded and unguarded runs): each key moves left past the
    keys greater than it, so equal keys keep their order: a stable sort of the range as it stands."""
    order[first:last] = sorted(order[first:last], key=ranks.__getitem__)


def _introsort_loop(ranks, order, first, last, depth_limit):
    while last - first > INSERTION_THRESHOLD:
        if depth_limit == 0:
            _partial_sort(ranks, order, first, last, last)
            return
        depth_limit -= 1
        cut = _unguarded_partition_pivot(ranks, order, first, last)
        _introsort_loop(ranks, order, cut, last, depth_limit)
        last = cut


def _std_sort(ranks, order, first, last):
    if last - first > 1:
        _introsort_loop(ranks, order, first, last, 2 * ((last - first).bit_length() - 1))
        _insertion_sort(ranks, order, first, last)


def _nth_element(ranks, order, first, nth, last):
    """std::nth_element (__introselect)."""
    if first == last or nth == last:
        return
    depth_limit = 2 * ((last - first).bit_length() - 1)
    while last - first > 3:
        if depth_limit == 0:
            _heap_select(ranks, order, first, nth + 1, last)
            order[first], order[nth] = order[nth], order[first]
            return
        depth_limit -= 1
        cut = _unguarded_partition_pivot(ranks, order, first, last)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(ranks, order, first, last)


# ---- the slices along dim ----------------------------------------------------------------------------------------

def _rows(a, dim):
    """a's slices along dim as the rows of a 2-D array (a 0-d tensor is one slice of one element)."""
    moved = np.moveaxis(a, dim, -1) if a.ndim else a.reshape(1)
    return moved.reshape(math.prod(moved.shape[:-1]), moved.shape[-1])


def _from_rows(rows, a, dim):
    """The inverse of _rows, for rows of (maybe fewer) entries per slice."""
    if not a.ndim:
        return rows.reshape(())
    moved = np.moveaxis(a, dim, -1).shape[:-1] + rows.shape[-1:]
    return np.ascontiguousarray(np.moveaxis(rows.reshape(moved), -1, dim))  # a new tensor's layout, as torch's


def _ascending(rows):
    """Each row's stable ascending order (NaN last), and the group number of each place in it: equal values (all
    NaNs, 0.0 and -0.0) share one, so a row without ties numbers its places 0, 1, 2, ..."""
    ascending = np.argsort(rows, axis=-1, kind="stable")
    ordered = np.take_along_axis(rows, ascending, -1)
    new = ordered[:, 1:] != ordered[:, :-1]
    if ordered.dtype.kind == "f":
        new &= ~(np.isnan(ordered[:, 1:]) & np.isnan(ordered[:, :-1]))
    groups = np.zeros(ordered.shape, np.int64)
    np.cumsum(new, axis=-1, out=groups[:, 1:])
    return ascending, groups


def _ranks(ascending, groups, descending):
    """One row's ranks in torch's comparator order, as a list (the emulations index it element by element):
    equal values share a rank; descending ranks the largest first, NaN before it."""
    ranks = np.empty(len(ascending), np.int64)
    ranks[ascending] = -groups if descending else groups
    return ranks.tolist()


def _sort_indices(a, dim, descending, stable):
    """torch's sort kernel's indices: each slice's order along dim."""
    rows = _rows(a, dim)
    n = rows.shape[-1]
    if a.ndim and a.strides[dim] == 0:  # an expanded dim: torch skips the sort, its indices stay 0, 1, 2, ...
        return _from_rows(np.broadcast_to(np.arange(n), rows.shape), a, dim)
    ascending, groups = _ascending(rows)
    indices = ascending[:, ::-1].copy() if descending else ascending
    # fbgemm's radix sort (stable) takes a 1-D integer tensor of GRAIN_SIZE elements or more, in ascending order
    radix = a.ndim == 1 and a.dtype.kind in "iu" and n >= RADIX_SORT_MINIMUM
    if descending or not (stable or radix):  # else the stable ascending order is std::stable_sort's (fbgemm's)
        for row in np.flatnonzero(groups[:, -1] < n - 1) if n else ():  # the rows with ties
            ranks = _ranks(ascending[row], groups[row], descending)
            if stable:
                indices[row] = sorted(range(n), key=ranks.__getitem__)
            else:
                order = list(range(n))
                _std_sort(ranks, order, 0, n)
                indices[row] = order
    return _from_rows(indices, a, dim)


def _topk_indices(a, k, dim, largest, sorted_):
    """TopKImpl.h's indices: std::partial_sort of the first k when k * 64 <= n, else std::nth_element at k - 1
    and (sorted) std::sort of the k - 1 before it."""
    rows = _rows(a, dim)
    n = rows.shape[-1]
    ascending, groups = _ascending(rows)
    indices = (ascending[:, ::-1] if largest else ascending)[:, :k].copy()
    partial = k * 64 <= n
    for row in range(len(rows)) if k else ():
        if sorted_ and groups[row, -1] == n - 1:  # no ties, sorted: the only answer
            continue
        ranks = _ranks(ascending[row], groups[row], largest)
        order = list(range(n))
        if partial:
            _partial_sort(ranks, order, 0, k, n)
        else:
            _nth_element(ranks, order, 0, k - 1, n)
            if sorted_:
                _std_sort(ranks, order, 0, k - 1)
        indices[row] = order[:k]
    return _from_rows(indices, a, dim)


# ---- the ops -----------------------------------------------------------------------------------------------------

def _take(a, indices, dim):
    return np.take_along_axis(a, indices, dim) if a.ndim else a.copy()


def _selecting_rule(name):
    """sort's and topk's: the values at the indices along dim; the gradient scattered back there."""
    return Rule(name, _take, lambda g, out, a, indices, dim: scatter_to(g, a.shape, indices, dim, True), save=None,
                formulas=("1 at the index each value came from",), saved_names=("self", "indices", "dim"))


def _tensor(name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
    return x


def _sorted(x, dim, descending, stable):
    dim = x._dim(dim)
    indices = _sort_indices(x._data, dim, descending, stable)
    return return_type("sort")(R["sort"](x, params=(indices, dim)), _make(indices))


@op("sort", rules=dict(sort=_selecting_rule("SortBackward0")))
def sort(x, dim=-1, descending=False, *, stable=False):
    """torch.return_types.sort(values, indices): each slice along dim in order (NaN as the largest); stable keeps
    equal values in their order, else they come in the order torch's std::sort leaves them."""
    return _sorted(_tensor("sort", x), dim, descending, stable)


@op("argsort")
def argsort(x, dim=-1, descending=False, *, stable=False):
    return _make(_sort_indices(_tensor("argsort", x)._data, x._dim(dim), descending, stable))


@op("msort")
def msort(x):
    """The values of sort along dim 0."""
    return _sorted(_tensor("msort", x), 0, False, False).values


@op("topk", rules=dict(topk=_selecting_rule("TopkBackward0")))
def topk(x, k, dim=-1, largest=True, sorted=True):
    """torch.return_types.topk(values, indices): the k largest (smallest) entries of each slice along dim."""
    dim = _tensor("topk", x)._dim(dim)
    if x._data.dtype == np.bool_:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    if not 0 <= k <= (x.shape[dim] if x.ndim else 1):
        raise RuntimeError("selected index k out of range")
    # a 0-d tensor is its own top 1 (and, as torch has it, top 0)
    indices = _topk_indices(x._data, k, dim, largest, sorted) if x.ndim else np.zeros((), np.int64)
    return return_type("topk")(R["topk"](x, params=(indices, dim)), _make(indices))


# ---- kthvalue and median: one value of each slice -------------------------------------------------------------

def _quick_select(ranks, order, k):
    """Sorting.cpp's quick_select_template (TH's, after Sedgewick): order[k] ends as the k-th smallest rank."""
    def swap(i, j):
        order[i], order[j] = order[j], order[i]

    def greater(i, j):
        return ranks[order[i]] > ranks[order[j]]
    low, high = 0, len(order) - 1
    while high > low:
        if high == low + 1:
            if greater(low, high):
                swap(low, high)
            return
        swap((low + high) >> 1, low + 1)  # the median of three to low, the other two as guards
        if greater(low + 1, high):
            swap(low + 1, high)
        if greater(low, high):
            swap(low, high)
        if greater(low + 1, low):
            swap(low + 1, low)
        i, j, pivot = low + 1, high, ranks[order[low]]
        while True:
            i += 1
            while pivot > ranks[order[i]]:
                i += 1
            j -= 1
            while ranks[order[j]] > pivot:
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(low, j)
        if j <= k:
            low = i
        if j >= k:
            high = j - 1


def _kth_indices(data, k, dim):
    """Each slice's index of its k-th smallest value (1-based k), NaN the largest: quick_select's pick among ties."""
    rows = _rows(data, dim)
    ascending, groups = _ascending(rows)
    picked = ascending[:, k - 1].copy()
    for row in np.flatnonzero(groups[:, -1] < rows.shape[-1] - 1):  # with ties, quick_select's own choice
        order = list(range(rows.shape[-1]))
        _quick_select(_ranks(ascending[row], groups[row], False), order, k - 1)
        picked[row] = order[k - 1]
    return _from_rows(picked[:, None], data, dim)


def _median_indices(data, dim):
    """median_with_indices_impl: the first NaN of a slice that has one, else its middle value in the order of
    (value, index), what its std::nth_element compares."""
    n = data.shape[dim]
    middle = np.take(np.argsort(data, axis=dim, kind="stable"), [(n - 1) // 2], axis=dim)
    if data.dtype.kind == "f":
        nan = np.isnan(data)
        has_nan = nan.any(axis=dim, keepdims=True)
        middle = np.where(has_nan, np.argmax(nan, axis=dim, keepdims=True), middle)
    return middle


def _median(a):
    """median_impl: NaN if there is one, else std::nth_element's middle value of the flattened tensor (the sign
    of a zero there is the one its partitions leave at the middle)."""
    flat = a.reshape(-1)
    middle = (flat.size - 1) // 2
    if not flat.size or flat.dtype.kind == "f" and np.isnan(flat).any():  # NaN (an empty tensor's: in its dtype)
        with np.errstate(invalid="ignore"):
            return np.array(np.nan).astype(flat.dtype)
    value = np.partition(flat, middle)[middle]
    if value == 0 and flat.dtype.kind == "f" and np.signbit(flat[flat == 0]).any() and (flat == 0).sum() > 1:
        ranks = _ranks(*(column[0] for column in _ascending(flat[None])), False)
        order = list(range(flat.size))
        _nth_element(ranks, order, 0, middle, flat.size)
        value = flat[order[middle]]
    return np.array(value)


def _bool_refused(kernel, x):
    """kthvalue's and median's kernels take every dtype but bool."""
    if x._data.dtype == np.bool_:
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


@op("kthvalue", rules=dict(kthvalue=along_dim_rule("KthvalueBackward0")))
def kthvalue(x, k, dim=-1, keepdim=False):
    """torch.return_types.kthvalue(values, indices): the k-th smallest entry of each slice along dim."""
    d = _tensor("kthvalue", x)._dim(dim)
    size = x.shape[d] if x.ndim else 1
    if not size:
        raise IndexError(f"kthvalue(): Expected reduction dim {d} to have non-zero size.")
    if not 0 < k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    _bool_refused("kthvalue_cpu", x)
    return selected_along("kthvalue", "kthvalue", x, d, keepdim, lambda data, d: _kth_indices(data, k, d))


@op("median", rules=dict(median=overall_rule("MedianBackward0", _median),
                         median_dim=along_dim_rule("MedianBackward1")))
def median(x, dim=None, keepdim=False):
    """The lower median (the ((n - 1) // 2)-th smallest; NaN if any), of all entries or, as
    torch.return_types.median(values, indices), of each slice along dim."""
    _tensor("median", x)
    if dim is None:
        _bool_refused("median_cpu", x)
        return R["median"](x)
    d = x._dim(dim)
    if not (x.shape[d] if x.ndim else 1):
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    _bool_refused("median_out", x)
    return selected_along("median", "median_dim", x, d, keepdim, _median_indices)
