"""Reading with an index: x[key] (recorded as torch records it: SelectBackward0, SliceBackward0, IndexBackward0,
...) and select."""

import builtins

import numpy as np

from .. import dtypes
from ..rules import R, Rule, op, rule
from ..tensor import Tensor
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
rule("slice", Rule("SliceBackward0", lambda a, dim, s: a[(slice(None),) * dim + (s,)],
                   lambda g, out, a, dim, s: embed(g, a.shape, (slice(None),) * dim + (s,)), save=None, view=True,
                   formulas=("grad placed at the slice s of dim in zeros(a.shape)",)))


def index_key(key):
    """A NumPy key from a torch-style one, validated with torch's messages."""
    parts = key if isinstance(key, tuple) else (key,)
    out = []
    for k in parts:
        if isinstance(k, Tensor):
            if k.dtype.is_floating_point:
                raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
            k = k._data if k.ndim or k.dtype.category == dtypes.BOOL else int(k._data)  # a 0-d index selects
        elif isinstance(k, list):
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


@op("select", namespaces=(), rules=dict(select=Rule(
    "SelectBackward0", lambda a, dim, i: a[(slice(None),) * dim + (i, Ellipsis)],  # `...`: a view, even 0-d
    lambda g, out, a, dim, i: embed(g, a.shape, (slice(None),) * dim + (i,)), save=None, view=True,
    formulas=("grad placed at index i of dim in zeros(a.shape)",))))
def select(x, dim, index):
    d = x._dim(dim)
    size = x.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size {shape_str(x.shape)} at "
                         f"dimension {d}")
    return R["select"](x, params=(d, index % size))
