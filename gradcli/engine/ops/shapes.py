"""Shape changes (views of their input unless noted), copies and dtype conversion, cat and stack."""

import math

import operator

import numpy as np

from .. import dtypes
from ..rules import R, Rule, op, rule, sum_to
from ..tensor import Device, Size, Tensor, _make, check_device, warn_once
from .shared import cast, shape_str


def _shape_arg(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list, Size)):
        shape = shape[0]
    return tuple(int(n) for n in shape)


def _infer_shape(x, shape):
    shape = list(_shape_arg(shape))
    size = x._data.size
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        known = math.prod([n for n in shape if n != -1])
        if known == 0 or size % known:
            raise RuntimeError(f"shape '{shape_str(shape)}' is invalid for input of size {size}")
        shape[shape.index(-1)] = size // known
    if math.prod(shape) != size:
        raise RuntimeError(f"shape '{shape_str(shape)}' is invalid for input of size {size}")
    return tuple(shape)


def _view(a, shape):
    view = a.view()
    try:
        view.shape = shape
    except AttributeError:
        raise RuntimeError("view size is not compatible with input tensor's size and stride (at least one dimension "
                           "spans across two contiguous subspaces). Use .reshape(...) instead.") from None
    return view


_RESHAPE_BACK = ("grad.reshape(a.shape)",)
rule("unsafe_view", Rule("UnsafeViewBackward0", lambda a, shape: a.reshape(shape), lambda g, out, a, shape: g.reshape(a.shape),
                         save=None, formulas=_RESHAPE_BACK))
rule("copy", Rule("CopyBackwards", lambda a: a.copy(), lambda g, out, a: g, save=None, formulas=("1",)))
rule("alias", Rule("AliasBackward0", lambda a: a.view(), lambda g, out, a: g, save=None, view=True, formulas=("1",)))


@op("view", namespaces=(), rules=dict(view=Rule("ViewBackward0", _view, lambda g, out, a, shape: g.reshape(a.shape),
                                                save=None, view=True, formulas=_RESHAPE_BACK)))
def view(x, *shape):
    return R["view"](x, params=(_infer_shape(x, shape),))


@op("reshape")
def reshape(x, *shape):
    shape = _infer_shape(x, shape)
    try:
        return R["view"](x, params=(shape,))
    except RuntimeError:  # not expressible as a view: torch copies, then reshapes the copy
        return R["unsafe_view"](clone(x), params=(shape,))


@op("flatten")
def flatten(x, start_dim=0, end_dim=-1):
    if x.ndim == 0:
        return reshape(x, 1)
    s, e = x._dim(start_dim), x._dim(end_dim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return x
    return reshape(x, *x.shape[:s], -1, *x.shape[e + 1:])


@op("squeeze", rules=dict(
    squeeze=Rule("SqueezeBackward0", lambda a: a.reshape([n for n in a.shape if n != 1]),
                 lambda g, out, a: g.reshape(a.shape), save=None, view=True, formulas=_RESHAPE_BACK),
    squeeze_dim=Rule("SqueezeBackward1", lambda a, dim: np.squeeze(a, dim) if a.shape[dim] == 1 else a.view(),
                     lambda g, out, a, dim: g.reshape(a.shape), save=None, view=True, formulas=_RESHAPE_BACK)))
def squeeze(x, dim=None):
    if dim is None:
        return R["squeeze"](x)
    return R["squeeze_dim"](x, params=(x._dim(dim),)) if x.ndim else R["alias"](x)


@op("unsqueeze", rules=dict(unsqueeze=Rule("UnsqueezeBackward0", np.expand_dims, lambda g, out, a, dim: g.squeeze(dim),
                                           save=None, view=True, formulas=("grad.squeeze(dim)",))))
def unsqueeze(x, dim):
    n = x.ndim + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return R["unsqueeze"](x, params=(dim % n,))


@op("expand", namespaces=(), rules=dict(expand=Rule(
    "ExpandBackward0", np.broadcast_to, lambda g, out, a, shape: sum_to(g, a.shape), save=None, view=True,
    formulas=("sum_to(grad, a.shape): grad summed over the expanded dims",))))
def expand(x, *sizes):
    sizes = list(_shape_arg(sizes))
    if len(sizes) < x.ndim:
        raise RuntimeError(f"expand(torch.{x.dtype.legacy_name}{{{shape_str(x.shape)}}}, size={shape_str(sizes)}): "
                           "the number of sizes provided (%d) must be greater or equal to the number of dimensions "
                           "in the tensor (%d)" % (len(sizes), x.ndim))
    lead = len(sizes) - x.ndim
    for i, n in enumerate(x.shape):
        target = sizes[lead + i]
        if target == -1:
            sizes[lead + i] = n
        elif n != 1 and target != n:
            raise RuntimeError(f"The expanded size of the tensor ({target}) must match the existing size ({n}) at "
                               f"non-singleton dimension {lead + i}.  Target sizes: {shape_str(sizes)}.  "
                               f"Tensor sizes: {shape_str(x.shape)}")
    return R["expand"](x, params=(tuple(sizes),))


@op("t", rules=dict(t=Rule("TBackward0", lambda a: a.T, lambda g, out, a: g.t(), save=None, view=True,
                           formulas=("grad.t()",))))
def t(x):
    if x.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {x.ndim}D")
    return R["t"](x)


@op("transpose", rules=dict(transpose=Rule(
    "TransposeBackward0", lambda a, d0, d1: np.swapaxes(a, d0, d1), lambda g, out, a, d0, d1: g.transpose(d0, d1),
    save=None, view=True, formulas=("grad.transpose(d0, d1)",))))
def transpose(x, dim0, dim1):
    return R["transpose"](x, params=(x._dim(dim0), x._dim(dim1)))


@op("permute", rules=dict(permute=Rule(
    "PermuteBackward0", np.transpose, lambda g, out, a, dims: g.permute(*np.argsort(dims).tolist()), save=None,
    view=True, formulas=("grad.permute(the inverse of dims)",))))
def permute(x, *dims):
    dims = _shape_arg(dims)
    if len(dims) != x.ndim:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match the length "
                           f"of the desired ordering of dimensions i.e. input.dim() = {x.ndim} is not equal to "
                           f"len(dims) = {len(dims)}")
    dims = tuple(x._dim(d) for d in dims)
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return R["permute"](x, params=(dims,))


T_WARNING = ("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will "
             "throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
             "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered "
             "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)")


def reverse_dims(x):
    """x.T"""
    if x.ndim != 2:
        warn_once(T_WARNING, stacklevel=3)
    return R["permute"](x, params=(tuple(range(x.ndim))[::-1],))


def _triangle(name, numpy_function, backward_name):
    """torch.tril / torch.triu: x with the elements above (tril) or below (triu) its `diagonal`-th diagonal
    zeroed, over the last two dims; the gradient is masked alike."""
    triangle_rule = Rule(backward_name, lambda a, diagonal: numpy_function(a, diagonal),
                         lambda g, out, a, diagonal: getattr(g, name)(diagonal), save=None,
                         formulas=(f"grad.{name}(diagonal)",), saved_names=("self", "diagonal"))

    @op(name, rules={name: triangle_rule})
    def triangle(input, diagonal=0):
        if input.ndim < 2:
            raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
        return R[name](input, params=(operator.index(diagonal),))
    triangle.__name__ = triangle.__qualname__ = name
    return triangle


tril = _triangle("tril", np.tril, "TrilBackward0")
triu = _triangle("triu", np.triu, "TriuBackward0")


@op("flip", rules=dict(flip=Rule("FlipBackward0", lambda a, dims: np.flip(a, dims).copy(),
                                 lambda g, out, a, dims: g.flip(dims), save=None, formulas=("grad.flip(dims)",),
                                 saved_names=("self", "dims"))))
def flip(x, *args, dims=None):
    """A copy with the order of elements along `dims` reversed (x.flip(0, 1), torch.flip(x, [0, 1]))."""
    dims = _shape_arg(args if dims is None else (dims,))
    wrapped = tuple(x._dim(d) for d in dims)
    for d in wrapped:
        if wrapped.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return R["flip"](x, params=(wrapped if x.ndim else (),))


# ---- copies and conversions ---------------------------------------------------------------------------------------

@op("clone", rules=dict(clone=Rule("CloneBackward0", lambda a: a.copy(), lambda g, out, a: g, save=None,
                                   formulas=("1",))))
def clone(x):
    return R["clone"](x)


@op("contiguous", namespaces=())
def contiguous(x):
    return x if x._data.flags.c_contiguous else clone(x)


@op("to", namespaces=(), rules=dict(to=Rule("ToCopyBackward0", dtypes.convert,
                                            lambda g, out, a, dt: g.to(a.dtype), save=None,
                                            formulas=("1 (grad cast back to a.dtype)",))))
def to(x, *args, **kwargs):
    """x.to(dtype), x.to(device), x.to(other): the CPU is the only device, CUDA raises torch's error."""
    target = kwargs.get("dtype")
    check_device(kwargs.get("device"))
    for a in args:
        if isinstance(a, (str, Device)):
            check_device(a)
        elif isinstance(a, Tensor):
            target = a.dtype
        elif a is not None:
            target = a
    if target is None:
        return x
    dt = dtypes.to_dtype(target)
    if dt is x.dtype and not kwargs.get("copy"):
        return x
    if x._requires_grad and not dt.is_floating_point:
        return _make(dtypes.convert(x._data, dt))
    return R["to"](x, params=(dt,))


# ---- joining ------------------------------------------------------------------------------------------------------

def _check_sequence(tensors, name):
    if not isinstance(tensors, (list, tuple)) or not tensors:
        if name == "stack":
            raise RuntimeError("stack expects a non-empty TensorList")
        raise ValueError(f"{name}(): expected a non-empty list of Tensors")
    return [x if isinstance(x, Tensor) else _make(np.asarray(x)) for x in tensors]


def _split(g, inputs, dim):
    grads, start = [], 0
    for x in inputs:
        stop = start + x.shape[dim]
        grads.append(R["slice"](g, params=(dim, slice(start, stop))))
        start = stop
    return tuple(grads)


@op("cat", method=False, rules=dict(cat=Rule(
    "CatBackward0", lambda *arrays_and_dim: np.concatenate(arrays_and_dim[:-1], arrays_and_dim[-1]),
    lambda g, out, *inputs_and_dim: _split(g, inputs_and_dim[:-1], inputs_and_dim[-1]), save=None, variadic=True,
    formulas=("grad cut along dim into each input's part",))))
def cat(tensors, dim=0):
    tensors = _check_sequence(tensors, "torch.cat")
    d = tensors[0]._dim(dim)
    first = tensors[0].shape
    for i, x in enumerate(tensors[1:], 1):
        if x.ndim != len(first):
            raise RuntimeError(f"Tensors must have same number of dimensions: got {len(first)} and {x.ndim}")
        for k, (m, n) in enumerate(zip(first, x.shape)):
            if k != d and m != n:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. Expected size {m} but got "
                                   f"size {n} for tensor number {i} in the list.")
    dt = dtypes.result_type(*[_make(np.empty((1,), x._data.dtype)) for x in tensors])
    return R["cat"](*tensors, params=(d,), arrays=[cast(x, dt) for x in tensors])


@op("stack", method=False, rules=dict(stack=Rule(
    "StackBackward0", lambda *arrays_and_dim: np.stack(arrays_and_dim[:-1], arrays_and_dim[-1]),
    lambda g, out, *inputs_and_dim: tuple(g.select(inputs_and_dim[-1], i) for i in range(len(inputs_and_dim) - 1)),
    save=None, variadic=True, formulas=("grad.select(dim, i) for input i",))))
def stack(tensors, dim=0):
    tensors = _check_sequence(tensors, "stack")
    for i, x in enumerate(tensors[1:], 1):
        if x.shape != tensors[0].shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got {shape_str(tensors[0].shape)} at "
                               f"entry 0 and {shape_str(x.shape)} at entry {i}")
    n = tensors[0].ndim + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    dt = dtypes.result_type(*[_make(np.empty((1,), x._data.dtype)) for x in tensors])
    return R["stack"](*tensors, params=(dim % n,), arrays=[cast(x, dt) for x in tensors])
