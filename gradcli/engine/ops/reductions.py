"""Reductions: sum, mean, prod, max/min (overall, along a dim, or elementwise with another tensor), argmax,
norm, softmax and log_softmax, any/all, and the cumulative sum. `dim` reaches a reduction's rule as None (all elements)
or a sorted tuple."""

import collections
import math

import numpy as np

from .. import dtypes
from ..kernels import KernelModule
from ..rules import R, Rule, float_array, op, rule
from ..tensor import Tensor, _make
from .arithmetic import masked_fill_zero, maximum, minimum
from .pointwise import abs, exp, sgn
from .shared import const, count, dims, mask, restore_dims, where_or_zero

reduce = KernelModule("reduce")


def _sum(a, dim, keepdim, dt):
    return reduce.torch_sum(a if dt is None else a.astype(dt), dim, keepdim)


@op("sum", rules=dict(
    sum=Rule("SumBackward0", _sum,
             lambda g, out, a, dim, keepdim, dt: g.expand(a.shape), save=None, formulas=("ones(a.shape)",)),
    sum_dim=Rule("SumBackward1", _sum,
                 lambda g, out, a, dim, keepdim, dt: restore_dims(g, a.shape, dim, keepdim).expand(a.shape), save=None,
                 formulas=("ones(a.shape): grad repeated along dim",))))
def sum(x, dim=None, keepdim=False, dtype=None):
    dt = dtypes.to_dtype(dtype).np if dtype is not None else (None if x.dtype.is_floating_point else np.int64)
    reduced = dims(x, dim)
    if reduced is None:
        return R["sum"](x, params=(None, False, dt))
    return R["sum_dim"](x, params=(reduced, keepdim, dt))


@op("mean", rules=dict(
    mean=Rule("MeanBackward0", reduce.torch_mean,
              lambda g, out, a, dim, keepdim: g.expand(a.shape) / count(a.shape, None), save=None,
              formulas=("ones(a.shape) / a.numel()",)),
    mean_dim=Rule("MeanBackward1", reduce.torch_mean,
                  lambda g, out, a, dim, keepdim: restore_dims(g, a.shape, dim, keepdim).expand(a.shape) / count(a.shape, dim),
                  save=None, formulas=("ones(a.shape) / (size of dim): grad repeated along dim",))))
def mean(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    if not x.dtype.is_floating_point:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                           f"complex dtype. Got: {x.dtype.legacy_name[:-len('Tensor')]}")
    reduced = dims(x, dim)
    if reduced is None:
        return R["mean"](x, params=(None, False))
    return R["mean_dim"](x, params=(reduced, keepdim))


def _prod_others(a, out, dim, keepdim):
    """d prod / d a_i: the product of the other elements (out / a_i unless a has zeros)."""
    if not (a._data == 0).any():
        return restore_dims(out, a.shape, dim, keepdim) / a
    axis = dim[0] if dim is not None else None
    data = a._data.reshape(-1) if axis is None else np.moveaxis(a._data, axis, -1)
    ones = np.ones_like(data[..., :1])
    left = np.cumprod(np.concatenate([ones, data[..., :-1]], -1), -1)
    right = np.cumprod(np.concatenate([ones, data[..., :0:-1]], -1), -1)[..., ::-1]
    others = left * right
    return const(others.reshape(a.shape) if axis is None else np.moveaxis(others, -1, axis))


@op("prod", rules=dict(
    prod=Rule("ProdBackward0", lambda a, dim, keepdim: reduce.torch_prod(a),
              lambda g, out, a, dim, keepdim: g * _prod_others(a, out, None, False), save="both",
              formulas=("prod(a) / a = the product of the other elements",)),
    prod_dim=Rule("ProdBackward1", reduce.torch_prod,
                  lambda g, out, a, dim, keepdim: restore_dims(g, a.shape, dim, keepdim) * _prod_others(a, out, dim, keepdim),
                  save="both", formulas=("out / a = the product of the other elements along dim",))))
def prod(x, dim=None, keepdim=False, dtype=None):
    if not x.dtype.is_floating_point:
        x = x.to(dtype or dtypes.int64)
    if dim is None:
        return R["prod"](x, params=(None, False))
    return R["prod_dim"](x, params=(dims(x, dim), keepdim))


# ---- max and min ------------------------------------------------------------------------------------------------

_return_types = {}


def return_type(name, fields=("values", "indices")):
    """torch.return_types.NAME: a named tuple printed as torch prints it."""
    cls = _return_types.get(name)
    if cls is None:
        from ..printing import return_types_repr
        cls = collections.namedtuple(name, fields)
        cls.__module__ = "torch.return_types"
        cls.__repr__ = lambda self: return_types_repr(name, [(f, repr(v)) for f, v in zip(fields, self)])
        _return_types[name] = cls
    return cls


def _even_split(g, a, out):
    """torch's evenly_distribute_backward: grad / (number of ties) at the ties, 0 elsewhere (a NaN result's ties
    are the NaNs)."""
    ties = np.isnan(a._data) if out._data.dtype.kind == "f" and np.isnan(out._data) else a._data == out._data
    return where_or_zero(ties, g / int(ties.sum()))


def _take(a, idx, dim, keepdim):
    values = np.take_along_axis(a, idx, dim)
    return values if keepdim else values.squeeze(dim)


def scatter_to(g, shape, idx, dim, keepdim):
    """torch's value_selecting_reduction_backward: zeros of `shape`, g scattered to the indices picked along dim."""
    if not shape:  # max/min over dim 0 of a 0-d tensor: the forward ran on a (1,) copy, the one element is picked
        return g.reshape(())
    return R["scatter"](_make(np.zeros(shape, g._data.dtype)), g if keepdim else g.unsqueeze(dim), params=(dim, idx))


def overall_rule(name, forward):
    return Rule(name, forward, lambda g, out, a: _even_split(g, a, out), save="both",
                formulas=("1 where a == out (shared evenly between ties) else 0",))


def along_dim_rule(name):
    """max/min (kthvalue, median) along a dim: the forward takes the values at precomputed indices; the vjp routes
    g back there."""
    return Rule(name, lambda a, idx, dim, keepdim: _take(a, idx, dim, keepdim),
                lambda g, out, a, idx, dim, keepdim: scatter_to(g, a.shape, idx, dim, keepdim), save=None,
                formulas=("1 at the index picked along dim else 0",), saved_names=("self", "indices", "dim", "keepdim"))


def _extremum(name, x, dim, keepdim, other):
    if isinstance(dim, Tensor) and other is None:
        dim, other = None, dim
    if other is not None:
        return (maximum if name == "max" else minimum)(x, other)
    if dim is None:
        if x.numel() == 0:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                               "Specify the reduction dim with the 'dim' argument.")
        return R["amax_all" if name == "max" else "amin_all"](x)
    pick = np.argmax if name == "max" else np.argmin
    return selected_along(name, f"{name}_dim", x, x._dim(dim), keepdim,
                          lambda data, d: np.expand_dims(pick(data, d), d))


def selected_along(name, rule_name, x, d, keepdim, pick):
    """torch.return_types.NAME(values, indices) of an op that picks one value of each slice along dim d: pick(data,
    d) gives their indices (d kept, of size 1); R[rule_name] is an along_dim_rule."""
    data = x._data if x.ndim else x._data.reshape(1)
    idx = pick(data, d)
    values = R[rule_name](x, params=(idx, d, keepdim or not x.ndim), arrays=(data,))
    if not x.ndim:
        values = values.reshape(())
    indices = _make(idx if keepdim and x.ndim else idx.squeeze(d).reshape(np.shape(idx.squeeze(d))))
    return return_type(name)(values, indices)


@op("max", rules=dict(amax_all=overall_rule("MaxBackward1", np.max), max_dim=along_dim_rule("MaxBackward0")))
def max(x, dim=None, keepdim=False, other=None):
    return _extremum("max", x, dim, keepdim, other)


@op("min", rules=dict(amin_all=overall_rule("MinBackward1", np.min), min_dim=along_dim_rule("MinBackward0")))
def min(x, dim=None, keepdim=False, other=None):
    return _extremum("min", x, dim, keepdim, other)


def _arg(fn, x, dim, keepdim):
    if dim is None:
        out = fn(x._data)
        return _make(np.asarray(out).reshape((1,) * x.ndim) if keepdim else np.asarray(out))
    d = x._dim(dim)
    return _make(np.asarray(fn(x._data, d, keepdims=keepdim)) if x.ndim else np.asarray(0))


@op("argmax")
def argmax(x, dim=None, keepdim=False):
    return _arg(np.argmax, x, dim, keepdim)


@op("argmin")
def argmin(x, dim=None, keepdim=False):
    return _arg(np.argmin, x, dim, keepdim)


@op("any")
def any(x, dim=None, keepdim=False):
    return _make(np.asarray(np.any(x._data, axis=dims(x, dim), keepdims=keepdim)))


@op("all")
def all(x, dim=None, keepdim=False):
    return _make(np.asarray(np.all(x._data, axis=dims(x, dim), keepdims=keepdim)))


@op("count_nonzero")
def count_nonzero(x, dim=None):
    return _make(np.asarray(np.count_nonzero(x._data, axis=dims(x, dim)), np.int64))


# ---- norm ---------------------------------------------------------------------------------------------------------

def _norm_backward(g, out, a, p, dim, keepdim):
    """torch's norm_backward, in its order; 0 where the norm is 0 (computed over a safe divisor, then masked)."""
    g, out = restore_dims(g, a.shape, dim, keepdim), restore_dims(out, a.shape, dim, keepdim)
    nonzero = out._data != 0
    safe = out + mask(~nonzero, out)
    if p == 1:
        return sgn(a) * g
    if p == 2:
        return g * masked_fill_zero(a / safe, ~nonzero)
    if p == math.inf:
        hit = np.abs(a._data) == out._data
        return sgn(a) * ((g / const(hit.sum(dim, keepdims=True).astype(a._data.dtype))) * mask(hit, a))
    scaled = sgn(a) * abs(a) ** (p - 1) if p < 2 else a * abs(a) ** (p - 2)
    return scaled * masked_fill_zero(g / safe ** (p - 1), ~nonzero)


@op("norm", rules=dict(norm=Rule(
    "LinalgVectorNormBackward0", reduce.torch_norm, _norm_backward, save="both",
    formulas=("sign(a) * abs(a)**(p - 1) / out**(p - 1)  (p = 2: a / out)",),
    saved_names=("self", "ord", "dim", "keepdim"))))
def norm(x, p="fro", dim=None, keepdim=False, dtype=None):
    p = 2 if p in ("fro", None) else float(p) if p not in (math.inf, -math.inf) else p
    if not x.dtype.is_floating_point:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{x.dtype.legacy_name[:-len('Tensor')]}")
    return R["norm"](x, params=(p, dims(x, dim), keepdim))


def _logsumexp(a, dim, keepdim):
    """torch's logsumexp_out_impl: the max along dim (an infinite max taken as 0) subtracted, exp, sum, log, the
    max added back, each with torch's kernel (exp and log: MKL's where torch takes them from it)."""
    axes = tuple(range(a.ndim)) if dim is None else dim
    if not a.size:
        return R["log"].forward(reduce.torch_sum(R["exp"].forward(a), axes, keepdim))
    maxes = np.amax(a, axis=axes, keepdims=True)
    maxes = np.where(np.abs(maxes) == np.inf, a.dtype.type(0), maxes)
    summed = reduce.torch_sum(R["exp"].forward(a - maxes), axes, keepdim)
    return R["log"].forward(summed) + (maxes if keepdim else np.squeeze(maxes, axes))


@op("logsumexp", rules=dict(logsumexp=Rule(
    "LogsumexpBackward0", _logsumexp,
    lambda g, out, a, dim, keepdim: restore_dims(g, a.shape, dim, keepdim) * (
        a - restore_dims(out, a.shape, dim, keepdim)).exp(),
    save="both", formulas=("exp(a - out)",), saved_names=("self", "dim", "keepdim", "result"))))
def logsumexp(x, dim, keepdim=False):
    """log(sum(exp(x))) along dim, computed without overflow."""
    return R["logsumexp"](x, arrays=(float_array(x),), params=(dims(x, dim), keepdim))


@op("vector_norm", method=False, namespaces=("torch.linalg",))
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """torch.linalg.vector_norm: what x.norm(ord) computes (torch's norm is it, for vectors)."""
    return norm(x, ord, dim, keepdim, dtype)


@op("norm", method=False, namespaces=("torch.linalg",))
def linalg_norm(x, ord=None, dim=None, keepdim=False, *, dtype=None):
    """torch.linalg.norm: a vector norm, of the whole tensor when ord and dim are not given; a matrix's
    Frobenius norm (ord 'fro') is the vector 2-norm of its elements. The other matrix norms (ord 'nuc', a
    number on a matrix) are not implemented."""
    if ord is not None and dim is None and x.ndim not in (1, 2):
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                           f"Got {x.ndim}D.")
    matrix = (x.ndim == 2 and dim is None) or (isinstance(dim, (tuple, list)) and len(dim) == 2)
    if matrix and ord not in (None, "fro"):
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported." if ord not in ("nuc", 1, -1, 2, -2,
                           math.inf, -math.inf) else f"gradcli: linalg.norm of matrices with ord={ord!r} (a matrix "
                           "norm other than Frobenius) is not implemented")
    return norm(x, 2 if ord in (None, "fro") else ord, dim, keepdim, dtype)


# ---- var and std -------------------------------------------------------------------------------------------------

def _var_backward(g, a, dim, keepdim, correction):
    """torch's var_backward: (2 / (n - correction)) * grad * (a - a.mean(dim)), in that order; with no degrees of
    freedom left, grad times nan where a equals its mean, times inf elsewhere."""
    dof = count(a.shape, dim) - correction
    g = restore_dims(g, a.shape, dim, keepdim)
    if (dim is None or a.ndim == 0) and dof <= 0:
        return g * const(np.where(a._data == a.mean()._data, np.nan, np.inf).astype(a._data.dtype))
    return R["mul_scalar"](g, params=(2.0 / dof if dof else math.inf,)) * (a - a.mean(dim, keepdim=True))


@op("var", rules=dict(var=Rule(
    "VarBackward0", lambda a, dim, correction, keepdim: reduce.torch_var(a, dim, correction, keepdim),
    lambda g, out, a, dim, correction, keepdim: _var_backward(g, a, dim, keepdim, correction),
    formulas=("2 * (a - a.mean(dim)) / (n - correction)",), saved_names=("self", "dim", "correction", "keepdim"))))
def var(x, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return R["var"](x, params=_moments_params("var", x, dim, unbiased, keepdim, correction))


@op("std", rules=dict(std=Rule(
    "StdBackward0", lambda a, dim, correction, keepdim: reduce.torch_var(a, dim, correction, keepdim, take_sqrt=True),
    lambda g, out, a, dim, correction, keepdim: _var_backward(  # torch's std_backward: 0 where the std is 0
        where_or_zero(out._data != 0, g / R["mul_scalar"](out, params=(2,))), a, dim, keepdim, correction),
    save="both", formulas=("(a - a.mean(dim)) / ((n - correction) * out)",),
    saved_names=("self", "dim", "correction", "keepdim"))))
def std(x, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return R["std"](x, params=_moments_params("std", x, dim, unbiased, keepdim, correction))


def _moments_params(name, x, dim, unbiased, keepdim, correction):
    """(dims, correction, keepdim) from torch's signatures: var(x, unbiased), var(x, dim, unbiased, keepdim),
    var(x, dim, correction=c, keepdim=k)."""
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    if not x.dtype.is_floating_point:
        raise RuntimeError(f"{name}(): std and var only support floating point and complex dtypes")
    if correction is None:
        correction = 0.0 if unbiased is False else 1.0
    return dims(x, dim), float(correction), keepdim


# ---- cumulative sum -----------------------------------------------------------------------------------------------

def _cumsum(a, dim, dt):
    """torch's CPU kernel: a running total in the accumulate type (double for float32, int64 for integers),
    each output rounded to the result dtype."""
    if a.ndim == 0:
        return a.astype(dt)
    return np.cumsum(a, axis=dim, dtype=np.float64 if dt.kind == "f" else np.int64).astype(dt, copy=False)


def _cumsum_backward(g, out, a, dim, dt):
    if math.prod(a.shape) <= 1 or a.shape[dim] == 1:  # as torch's cumsum_backward: nothing to add up
        return g
    return g.flip(dim).cumsum(dim).flip(dim)  # each input reaches every output after it


@op("cumsum", rules=dict(cumsum=Rule("CumsumBackward0", _cumsum, _cumsum_backward, save=None,
                                     formulas=("grad summed from the end along dim",), saved_names=("self", "dim"))))
def cumsum(x, dim, dtype=None):
    if dtype is not None:
        dt = dtypes.to_dtype(dtype).np
    else:
        dt = x._data.dtype if x.dtype.is_floating_point else np.dtype(np.int64)
    return R["cumsum"](x, params=(x._dim(dim), dt))


# ---- softmax ------------------------------------------------------------------------------------------------------

def _softmax(a, dim):
    return reduce.torch_softmax(a, dim % a.ndim) if a.ndim else np.ones_like(a)


def _log_softmax(a, dim):
    return reduce.torch_log_softmax(a, dim % a.ndim) if a.ndim else np.zeros_like(a)


rule("softmax_backward", Rule(
    "SoftmaxBackwardDataBackward0", reduce.torch_softmax_backward,
    lambda gg, _, g, out, dim: R["softmax_backward"](gg, out, params=(dim,)),
    lambda gg, _, g, out, dim: (g * gg - (out * g).sum(dim, keepdim=True) * gg  # torch's softmax_double_backward
                                - g * (out * gg).sum(dim, keepdim=True)),
    formulas=("b * (grad - (grad * b).sum(dim))", "grad * (a - (a * b).sum(dim)) - a * (grad * b).sum(dim)")))
rule("log_softmax_backward", Rule(
    "LogSoftmaxBackwardDataBackward0", reduce.torch_log_softmax_backward,
    lambda gg, _, g, out, dim: gg - (gg * exp(out)).sum(dim, keepdim=True),
    lambda gg, _, g, out, dim: -g.sum(dim, keepdim=True) * exp(out) * gg,
    formulas=("grad - (grad * exp(b)).sum(dim)", "-grad * exp(b) * a.sum(dim)")))


@op("softmax", namespaces=("torch", "torch.nn.functional"), rules=dict(softmax=Rule(
    "SoftmaxBackward0", _softmax, lambda g, out, a, dim: R["softmax_backward"](g, out, params=(dim,)), save="output",
    formulas=("out * (grad - (grad * out).sum(dim))",), saved_names=("self", "dim"))))
def softmax(x, dim, dtype=None):
    x = x.to(dtype) if dtype is not None else x
    return R["softmax"](x, params=(x._dim(dim),), arrays=(float_array(x),))


@op("log_softmax", namespaces=("torch", "torch.nn.functional"), rules=dict(log_softmax=Rule(
    "LogSoftmaxBackward0", _log_softmax, lambda g, out, a, dim: R["log_softmax_backward"](g, out, params=(dim,)),
    save="output", formulas=("grad - exp(out) * grad.sum(dim)",), saved_names=("self", "dim"))))
def log_softmax(x, dim, dtype=None):
    x = x.to(dtype) if dtype is not None else x
    return R["log_softmax"](x, params=(x._dim(dim),), arrays=(float_array(x),))
