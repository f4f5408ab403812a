"""What the op modules share: torch's argument handling (operands in the result dtype, dims, its broadcast
error) and the constant tensors vjps build (masks, reduced dims put back)."""

import builtins
import math

import numpy as np

from .. import dtypes, grad_mode
from ..rules import EXACT_SCALAR_DTYPES, R
from ..tensor import Tensor, _make


def shape_str(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def broadcast_error(a, b):
    sa, sb = np.shape(a), np.shape(b)
    n = builtins.max(len(sa), len(sb))
    sa, sb = (1,) * (n - len(sa)) + tuple(sa), (1,) * (n - len(sb)) + tuple(sb)
    for i in range(n - 1, -1, -1):
        if sa[i] != sb[i] and 1 not in (sa[i], sb[i]):
            return RuntimeError(f"The size of tensor a ({sa[i]}) must match the size of tensor b ({sb[i]}) "
                                f"at non-singleton dimension {i}")
    return RuntimeError(f"shapes {list(sa)} and {list(sb)} cannot be broadcast")


def operands(a, b, floating=False, scalars=False):
    """Both operands' arrays in torch's result dtype (Python numbers stay weak, as NumPy 2 keeps them). With
    scalars (a rule whose forward is one IEEE operation), two 0-d float32/float64 operands come as NumPy
    scalars, whose arithmetic rounds as the ufunc does on 0-d arrays at a tenth of its cost."""
    if type(a) is Tensor:  # the common cases first: a float tensor and a Python number (which stays weak)
        data = a._data     # or a tensor of the same dtype
        dt = data.dtype
        if dt in EXACT_SCALAR_DTYPES or dt.kind == "f":  # float32/float64 without reading the kind
            if type(b) is float or type(b) is int:
                if scalars and not data.ndim and dt in EXACT_SCALAR_DTYPES:
                    return data[()], b
                return data, b
            if type(b) is Tensor and b._data.dtype is dt:
                other = b._data
                if scalars and not (data.ndim or other.ndim) and dt in EXACT_SCALAR_DTYPES:
                    return data[()], other[()]
                return data, other
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        raise TypeError(f"expected a Tensor, got {type(a).__name__} and {type(b).__name__}")
    if isinstance(b, Tensor) and isinstance(a, Tensor) and a._data.dtype == b._data.dtype:
        dt_np = a._data.dtype
        if floating and dt_np.kind != "f":
            return a._data.astype(np.float32), b._data.astype(np.float32)
        return a._data, b._data
    dt = dtypes.result_type(a, b)
    if floating and not dt.is_floating_point:
        dt = dtypes.float32
    return cast(a, dt), cast(b, dt)


def cast(x, dt):
    if isinstance(x, Tensor):
        return x._data if x._data.dtype == dt.np else x._data.astype(dt.np)
    if isinstance(x, (bool, int, float, np.number)):
        if dt.category == dtypes.INTEGRAL and isinstance(x, int):
            return np.int64(x).astype(dt.np)  # wrapped, as torch wraps int8 + 1000
        return dt.np.type(x) if dt.category == dtypes.BOOL or not isinstance(x, float) or dt.is_floating_point else x
    raise TypeError(f"unsupported operand type: '{type(x).__name__}'")


def binary(rule, a, b, params=(), floating=False):
    arrays = operands(a, b, floating, rule.scalars)
    try:
        return rule.run((a, b), arrays, params)
    except ValueError:
        raise broadcast_error(*arrays) from None


def no_grad_result(data):
    return _make(np.asarray(data))


def clone_without_history(x):
    return _make(x._data.copy())


def dims(x, dim):
    """A reduction's dims: None (all), or a sorted tuple of non-negative dims."""
    if dim is None:
        return None
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    return tuple(sorted(x._dim(d) for d in dims)) if x.ndim else ()


# ---- constants the vjps build -------------------------------------------------------------------------------

def const(array):
    return _make(np.asarray(array))


def mask(cond, like):
    """A constant float tensor from a boolean array, in the dtype of `like`."""
    return _make(np.asarray(cond, dtype=like.dtype.np))


def where_or_zero(cond, g):
    """g where cond holds, else 0 (torch's where(cond, grad, 0) and masked_fill: +0 everywhere, where a mask
    multiply would give -0 for a negative g), differentiably (WhereBackward0)."""
    return R["where"](g, 0., params=(cond,), arrays=(g._data, np.zeros((), g._data.dtype)))


def zeros_like_constant(g):
    """The gradient of a piecewise constant function: zeros with no history, as torch's zeros_like(grad)."""
    return _make(np.zeros_like(g._data))


def restore_dims(g, shape, dim, keepdim):
    """Put reduced dims back (as size 1) so g broadcasts against the input of a reduction."""
    if dim is None:
        return g.reshape((1,) * len(shape)) if len(shape) else g
    if not keepdim:
        for d in sorted(dim):
            g = g.unsqueeze(d)
    return g


def count(shape, dim):
    return math.prod([shape[d] for d in dim]) if dim is not None else math.prod(shape)


def write_out(name, result, out, inputs):
    """torch's `out=`: the result's values written into `out` (resized to the result's shape), which is
    returned; autograd records nothing, so torch refuses it while any argument requires grad."""
    if grad_mode.state.enabled and any(isinstance(t, Tensor) and t.requires_grad for t in (*inputs, out)):
        raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic differentiation, "
                           "but one of the arguments requires grad.")
    if out.dtype is not result.dtype:
        raise RuntimeError(f"Expected out tensor to have dtype {result.dtype.c_name}, but got {out.dtype.c_name} instead")
    if out.shape == result.shape:
        np.copyto(out._data, result._data)  # in place: views of `out` see the values
    else:
        out._data = result._data.copy()
    out._bump_version()
    return out
