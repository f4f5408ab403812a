"""Writing into a tensor: x[key] = v and the in-place methods (add_, zero_, ...). Each runs out of place,
then writes the result into x, which takes over the new graph node as torch's in-place ops do; a write
through a view also rewrites the history of the view's base (CopySlices, AsStridedBackward0)."""

import builtins

import numpy as np

from .. import grad_mode
from ..graph import engine_error
from ..rules import R, Rule, rule
from ..tensor import Tensor, _make
from .indexing import index_key, index_tensor, is_advanced, numpy_index_error
from .shared import cast, shape_str, where_or_zero, zeros_like_constant

_state = grad_mode.state


def _put(a, v, key):
    out = a.copy()
    out[key] = v
    return out


def _zero_at(g, key):
    """g with the positions a[key] = v overwrote set to 0."""
    keep = np.ones(g.shape, bool)
    keep[key] = False
    return where_or_zero(keep, g)


def _write_rule(name):
    """a with a[key] = v: a's gradient is g outside key, v's is g at key."""
    return Rule(name, lambda a, v, key: _put(a, v, key), lambda g, out, a, v, key: _zero_at(g, key),
                lambda g, out, a, v, key: index_tensor(g, key), save=None,
                formulas=("1 outside key, 0 at key", "1 at key: grad[key]"), saved_names=("self", "values", "indices"))


rule("copy_slices", _write_rule("torch::autograd::CopySlices"))
rule("index_put", _write_rule("IndexPutBackward0"))  # assignment through a tensor index
rule("zero", Rule("ZeroBackward0", np.zeros_like, lambda g, out, a: zeros_like_constant(g), save=None, formulas=("0",)))
rule("fill", Rule("FillBackward2", lambda a, value: np.full_like(a, value), lambda g, out, a, value: zeros_like_constant(g),
                  save=None,
                  formulas=("0",), saved_names=("self", "value")))


def setitem(x, key, value):
    key = index_key(key)
    try:
        np.broadcast_to(np.asarray(value._data if isinstance(value, Tensor) else value), x._data[key].shape)
    except IndexError as err:
        raise numpy_index_error(err, x) from None
    except ValueError:
        raise RuntimeError(f"shape mismatch: value tensor of shape {shape_str(np.shape(value))} cannot be broadcast "
                           f"to indexing result of shape {shape_str(x._data[key].shape)}") from None
    if _state.enabled and x.grad_fn is None and x._requires_grad:  # torch writes through a view of x
        raise engine_error("a view of a leaf Variable that requires grad is being used in an in-place operation.",
                           "inplace_leaf", tensor=x)
    write = R["index_put" if is_advanced(key) else "copy_slices"]
    inplace(x, lambda src, v: write(src, v, params=(key,), arrays=(src._data, cast(v, src.dtype))), value)


def inplace(x, op, *args):
    """Run op out of place, then write the result into x, taking over its graph node as torch's in-place ops do."""
    x._check_inplace()
    recording = _state.enabled and (x._requires_grad or builtins.any(isinstance(a, Tensor) and a._requires_grad for a in args))
    if recording:
        source = _make(x._data.copy())  # the value before the write, which the new node may have saved
        source.grad_fn, source._requires_grad = x.grad_fn, x._requires_grad
        if x.grad_fn is None and x._requires_grad:
            source = x
    else:
        source = x.detach()
    if source is not x and x._tangent is not None:  # forward mode: the value written keeps x's tangent flowing
        source._tangent, source._tangent_level = x._tangent, x._tangent_level
    out = op(source, *args)
    if out._data.dtype != x._data.dtype and out.dtype.category > x.dtype.category:
        raise RuntimeError(f"result type {out.dtype.legacy_name[:-6]} can't be cast to the desired output type "
                           f"{x.dtype.legacy_name[:-6]}")
    if out._data.shape != x._data.shape:
        raise RuntimeError(f"output with shape {shape_str(x.shape)} doesn't match the broadcast shape "
                           f"{shape_str(out.shape)}")
    if recording:
        if x._base is not None and x._base._requires_grad:
            _rebase_view(x, x._base, out)
        else:
            x.grad_fn, x._requires_grad = out.grad_fn, True
    np.copyto(x._data, out._data, casting="unsafe")
    x._bump_version()
    if out._tangent is not None:
        x._tangent, x._tangent_level = out._tangent, out._tangent_level
    return x


def _rebase_view(view, base, new_value):
    """In place through a view: the base's history gains a CopySlices of the new values, and the view
    becomes a strided read of the new base (torch's AsStridedBackward0)."""
    key = _view_key(view._data, base._data)
    before = _make(base._data.copy())
    before.grad_fn, before._requires_grad = base.grad_fn, base._requires_grad
    updated = R["copy_slices"](before, new_value, params=(key,), arrays=(before._data, new_value._data))
    base.grad_fn, base._requires_grad = updated.grad_fn, True
    view.grad_fn = R["as_strided"](base, params=(key,)).grad_fn
    view._requires_grad = True


def _view_key(view, base):
    """The index into `base` of every element of `view` (a NumPy view of base's memory)."""
    offset = view.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    positions = np.full(view.shape, offset, dtype=np.int64)
    for axis, stride in enumerate(view.strides):
        shape = [1] * view.ndim
        shape[axis] = view.shape[axis]
        positions = positions + np.arange(view.shape[axis]).reshape(shape) * stride
    return np.unravel_index(positions // base.itemsize, base.shape)


def inplace_method(op):
    """Tensor.op_ from op: x.add_(y) is inplace(x, add, y)."""
    def method(self, *args, **kwargs):
        return inplace(self, lambda src, *a: op(src, *a, **kwargs), *args)
    return method


def zeroed(x):
    return R["zero"](x)


def filled(x, value):
    return R["fill"](x, params=(float(value) if isinstance(value, Tensor) else value,))


def restrided(view_op):
    """Tensor.t_ from t (transpose_, squeeze_, unsqueeze_): x itself takes the view's shape and strides, and
    its graph node, as torch's in-place view ops do; a leaf that requires grad refuses, as in torch."""
    def method(self, *args, **kwargs):
        self._check_inplace()
        view = view_op(self, *args, **kwargs)
        self._data, self.grad_fn = view._data, view.grad_fn
        return self
    return method


def resize_(x, *sizes):
    """x.resize_(sizes): x takes the new shape over its memory, in order; new elements are zeros (torch leaves
    them uninitialised). Tensors that require grad refuse, as in torch."""
    if x._requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    shape = tuple(sizes[0]) if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)) else sizes
    count = int(np.prod(shape))
    if count == x._data.size and x._data.flags.c_contiguous:
        x._data = x._data.reshape(shape)
    else:
        data = np.zeros(count, x._data.dtype)
        kept = min(count, x._data.size)
        data[:kept] = x._data.reshape(-1)[:kept]
        x._data = data.reshape(shape)
    return x
