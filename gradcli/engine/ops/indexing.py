"""Reading with an index: x[key] (recorded as torch records it: SelectBackward0, SliceBackward0, IndexBackward0,
...) and select."""

import builtins

import numpy as np

from .. import dtypes
from ..rules import R, Rule, op, rule
from ..tensor import Tensor, _make
from .shared import shape_str

_INDEX_TYPE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices "
                     "(got {})")


def is_advanced(key):
    return builtins.any(isinstance(k, (np.ndarray, list)) for k in (key if isinstance(key, tuple) else (key,)))


def _embed_array(g, shape, key):
    out = np.zeros(shape, g.dtype)
    if is_advanced(key):
        np.add.at(out, key, g)  # repeated indices accumulate
    else:
        out[key] = g
    return out


def embed(g, shape, key):
    """The gradient of a[key]: g placed into zeros of a's shape."""
    return R["embed"](g, params=(shape, key))


def index_tensor(t, key):
    return R["index"](t, params=(key,))


def _read_rule(name):
    """a[key] (advanced or strided): the vjp places g back into zeros of a's shape."""
    return Rule(name, lambda a, key: a[key], lambda g, out, a, key: embed(g, a.shape, key), save=None,
                formulas=("grad placed at key in zeros(a.shape) (repeated indices add up)",),
                saved_names=("self", "indices"))


rule("index", _read_rule("IndexBackward0"))
rule("as_strided", _read_rule("AsStridedBackward0"))
rule("embed", Rule("IndexBackwardBackward0", _embed_array,
                   lambda g, out, a, shape, key: g[key] if not isinstance(key, tuple) else index_tensor(g, key), save=None,
                   formulas=("grad[key]",)))
def _part_rule(name):
    """The part `part` (a slice, or an index) of dim, a view; the vjp places g there in zeros of a's shape: basic
    indexing's slice and select, and split's and unbind's parts (torch records one node for all the parts of a
    split or an unbind; gradcli records one per part, under its name)."""
    return Rule(name, lambda a, dim, part: a[(slice(None),) * dim + (part, Ellipsis)],  # `...`: a view, even 0-d
                lambda g, out, a, dim, part: embed(g, a.shape, (slice(None),) * dim + (part,)), save=None, view=True,
                formulas=("grad placed at the part of dim in zeros(a.shape)",))


rule("slice", _part_rule("SliceBackward0"))


def index_key(key):
    """A NumPy key from a torch-style one, validated with torch's messages."""
    parts = key if isinstance(key, tuple) else (key,)
    out = []
    for k in parts:
        if isinstance(k, Tensor):
            if k.dtype.is_floating_point:
                raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
            k = k._data if k.ndim or k.dtype.category == dtypes.BOOL else int(k._data)  # a 0-d index selects
        elif isinstance(k, (list, range)):  # torch takes any sequence as an index tensor
            k = np.asarray(k)
            if k.dtype.kind == "f":
                raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        elif isinstance(k, bool) or not (k is None or k is Ellipsis or isinstance(k, (int, slice, np.integer, np.ndarray))):
            raise IndexError(_INDEX_TYPE_ERROR.format(type(k).__name__))
        if isinstance(k, slice):
            if k.step is not None and k.step <= 0:
                raise ValueError("step must be greater than zero")
        out.append(k)
    return tuple(out)


def numpy_index_error(err, x):
    text = str(err)
    if "out of bounds" in text:
        return IndexError(text.replace("axis", "dimension").split(" with size")[0] + " with size " + text.rsplit(" ", 1)[-1])
    if "too many indices" in text:
        return IndexError(f"too many indices for tensor of dimension {x.ndim}")
    return IndexError(text)


def getitem(x, key):
    key = index_key(key)
    if builtins.any(isinstance(k, np.ndarray) for k in key):
        try:
            x._data[key]
        except IndexError as err:
            raise numpy_index_error(err, x) from None
        return R["index"](x, params=(key,))
    if key == (Ellipsis,):
        return R["alias"](x)
    # basic indexing, one component at a time, as torch records it (SelectBackward0, SliceBackward0, ...)
    n_real = len([k for k in key if k is not None and k is not Ellipsis])
    if n_real > x.ndim:
        if x.ndim == 0 and builtins.any(isinstance(k, (int, np.integer)) for k in key):
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
                             "in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"too many indices for tensor of dimension {x.ndim}")
    out, dim, source_dim = x, 0, 0  # dim: in the result so far; source_dim: in x, as messages name it
    for k in key:
        if k is Ellipsis:
            dim += x.ndim - n_real
            source_dim += x.ndim - n_real
        elif k is None:
            out = R["unsqueeze"](out, params=(dim,))
            dim += 1
        elif isinstance(k, slice):
            if k != slice(None):
                out = R["slice"](out, params=(dim, k))
            dim += 1
            source_dim += 1
        else:
            size = out.shape[dim]
            if not -size <= k < size:
                raise IndexError(f"index {k} is out of bounds for dimension {source_dim} with size {size}")
            out = R["select"](out, params=(dim, int(k) % size))
            source_dim += 1
    return out if out is not x else R["alias"](x)


@op("select", namespaces=(), rules=dict(select=_part_rule("SelectBackward0")))
def select(x, dim, index):
    d = x._dim(dim)
    size = x.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size {shape_str(x.shape)} at "
                         f"dimension {d}")
    return R["select"](x, params=(d, index % size))


# ---- split, chunk, unbind, narrow: views of consecutive parts of a dim ----------------------------------------------

@op("split", rules=dict(split=_part_rule("SplitBackward0"), split_with_sizes=_part_rule("SplitWithSizesBackward0")))
def split(tensor, split_size_or_sections, dim=0):
    """Parts of split_size elements along dim (the last one shorter), or of the sizes listed."""
    if tensor.ndim == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    d = tensor._dim(dim)
    size = tensor.shape[d]
    if isinstance(split_size_or_sections, (int, np.integer)) and not isinstance(split_size_or_sections, bool):
        step = int(split_size_or_sections)
        if step < 0:
            raise RuntimeError(f"split expects split_size be non-negative, but got split_size={step}")
        if step == 0 and size != 0:
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {size}")
        starts = range(0, size, step) if size else [0]
        return tuple(R["split"](tensor, params=(d, slice(start, min(start + step, size)))) for start in starts)
    if not isinstance(split_size_or_sections, (list, tuple)) or not all(
            isinstance(n, (int, np.integer)) and not isinstance(n, bool) for n in split_size_or_sections):
        raise TypeError(f"split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not "
                        f"{type(split_size_or_sections).__name__}")
    sizes = [int(n) for n in split_size_or_sections]
    if any(n < 0 for n in sizes):
        raise RuntimeError(f"split_with_sizes expects split_sizes have only non-negative entries, but got "
                           f"split_sizes={sizes}")
    if sum(sizes) != size:
        raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's size at "
                           f"dimension {d}), but got split_sizes={sizes}")
    ends = np.cumsum(sizes).tolist()
    return tuple(R["split_with_sizes"](tensor, params=(d, slice(end - n, end))) for n, end in zip(sizes, ends))


@op("chunk")
def chunk(input, chunks, dim=0):
    """split into parts of ceil(size / chunks) elements: at most `chunks` of them."""
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    if input.ndim == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    size = input.shape[input._dim(dim)]
    if size == 0:  # as torch: `chunks` empty parts (split would give one)
        return split(input, [0] * chunks, dim)
    return split(input, -(-size // chunks), dim)


@op("unbind", rules=dict(unbind=_part_rule("UnbindBackward0")))
def unbind(input, dim=0):
    """The slices at each index of dim, that dim removed."""
    if input.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    d = input._dim(dim)
    return tuple(R["unbind"](input, params=(d, i)) for i in range(input.shape[d]))


@op("narrow")
def narrow(input, dim, start, length):
    """length elements of dim from start: a slice (SliceBackward0, as torch records narrow)."""
    d = input._dim(dim)
    size = input.shape[d]
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got {start})")
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return R["slice"](input, params=(d, slice(start, start + length)))


# ---- gather and scatter: one element per index entry, along dim ---------------------------------------------------

def _positions(dim, index):
    """Where each entry of index points in x: the entry's value along dim, the entry's own position elsewhere."""
    grid = list(np.indices(index.shape, sparse=True))
    grid[dim] = index
    return tuple(grid)


def _leading_block(src, index):
    """The part of src that scatter reads: the entries at index's positions (src may be larger)."""
    return src[tuple(slice(0, n) for n in index.shape)] if np.ndim(src) else src


def _scattered(a, src, dim, index):
    out = a.copy()
    out[_positions(dim, index)] = _leading_block(src, index)
    return out


def _scatter_added(a, src, dim, index):
    out = a.copy()
    np.add.at(out, _positions(dim, index), _leading_block(src, index))  # repeated positions accumulate
    return out


def _gather_backward(g, out, a, dim, index):
    """torch's gather_backward: zeros of a's shape, with g added in at the gathered positions."""
    return R["scatter_add"](_make(np.zeros(a.shape, g._data.dtype)), g, params=(dim, index))


rule("gather", Rule("GatherBackward0", lambda a, dim, index: a[_positions(dim, index)], _gather_backward, save=None,
                    formulas=("grad scattered back (added) to index along dim",), saved_names=("self", "dim", "index")))
rule("scatter", Rule("ScatterBackward0", _scattered,
                     lambda g, out, a, src, dim, index: R["scatter_value"](g, params=(dim, index, 0)),
                     lambda g, out, a, src, dim, index: R["gather"](g, params=(dim, index)), save=None,
                     formulas=("1, 0 where written", "grad gathered at index along dim"),
                     saved_names=("self", "src", "dim", "index")))
rule("scatter_value", Rule("ScatterBackward1", lambda a, dim, index, value: _scattered(a, value, dim, index),
                           lambda g, out, a, dim, index, value: R["scatter_value"](g, params=(dim, index, 0)),
                           save=None, formulas=("1, 0 where written",), saved_names=("self", "dim", "index", "value")))
rule("scatter_add", Rule("ScatterAddBackward0", _scatter_added, lambda g, out, a, src, dim, index: g,
                         lambda g, out, a, src, dim, index: R["gather"](g, params=(dim, index)), save=None,
                         formulas=("1", "grad gathered at index along dim"), saved_names=("self", "src", "dim", "index")))


def _index_array(name, index, x, dim):
    if not isinstance(index, Tensor) or index.dtype not in (dtypes.int32, dtypes.int64):
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    if index.ndim != x.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as "
                           f"{'input' if name == 'gather' else 'self'} tensor")
    data = index._data
    if data.size and (data.min() < 0 or data.max() >= x.shape[dim]):
        raise RuntimeError(f"index {int(data.max() if data.max() >= x.shape[dim] else data.min())} is out of bounds "
                           f"for dimension {dim} with size {x.shape[dim]}")
    return data


def _source(name, x, src):
    if not isinstance(src, Tensor):
        return None
    if src.dtype is not x.dtype:
        raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
    return src


@op("gather")
def gather(x, dim, index, *, sparse_grad=False):
    """out[i][j] = x[index[i][j]][j] for dim 0 (and so on): the entries index names along dim."""
    dim = x._dim(dim)
    return R["gather"](x, params=(dim, _index_array("gather", index, x, dim)))


@op("scatter")
def scatter(x, dim, index, src=None, *, value=None, reduce=None):
    """A copy of x with src's entries (or one value) written where index points along dim."""
    if reduce is not None:
        raise RuntimeError(f"scatter(): reduce='{reduce}' is not supported by gradcli (scatter_add adds)")
    dim, src = x._dim(dim), value if src is None else src
    positions = _index_array("scatter", index, x, dim)
    if _source("scatter", x, src) is not None:
        return R["scatter"](x, src, params=(dim, positions))
    return R["scatter_value"](x, params=(dim, positions, x._data.dtype.type(src)))


@op("scatter_add")
def scatter_add(x, dim, index, src):
    """A copy of x with src's entries added where index points along dim (repeated positions add up)."""
    dim = x._dim(dim)
    return R["scatter_add"](x, _source("scatter_add", x, src), params=(dim, _index_array("scatter_add", index, x, dim)))
