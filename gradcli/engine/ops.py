"""THE table of differentiable operations.

Each rule is one line of data, as in PyTorch's derivatives.yaml and HIPS autograd's defvjp: the grad_fn
name users see, a NumPy forward, and one vector-Jacobian product per input, written with Tensor ops so
that the backward pass is itself recorded when create_graph=True (higher derivatives for free).
A vjp is called as vjp(g, out, *inputs, *params); inputs a rule does not save arrive as Meta (shape,
dtype). Broadcasting is undone once, by the engine (autograd.py calls sum_to), never per rule.
The public functions below the table only parse arguments, promote dtypes and raise torch's errors.
"""

import builtins
import collections
import math
import warnings

import numpy as np

from . import dtypes, forward, grad_mode
from .dtypes import FLOATING
from .graph import engine_error, node_class
from .tensor import Device, Size, Tensor, _make, check_device

_state = grad_mode.state
_forward = forward.state


class Meta:
    """What a vjp sees of an input the node did not save: its shape and dtype."""

    __slots__ = ("shape", "np_dtype")

    def __init__(self, shape, np_dtype):
        self.shape = shape
        self.np_dtype = np_dtype

    @property
    def dtype(self):
        return dtypes.from_numpy(self.np_dtype)

    @property
    def ndim(self):
        return len(self.shape)


class Rule:
    __slots__ = ("grad_fn_name", "forward", "vjps", "save_inputs", "save_output", "saves", "view", "variadic", "reads")

    def __init__(self, grad_fn, forward, *vjps, save="inputs", view=False, variadic=False, reads=None):
        self.grad_fn_name = grad_fn            # its Node class is made at the first record, not at import
        self.forward = forward
        self.vjps = vjps                       # one per input (variadic: one returning all the gradients)
        self.variadic = variadic
        # Which inputs each vjp reads. As torch does, only inputs read by the vjp of an input that requires
        # grad are saved: x * c saves c alone, so modifying x in place later does not break x * c's backward.
        self.reads = reads
        self.save_inputs = save in ("inputs", "both")
        self.save_output = save in ("output", "both")
        self.saves = self.save_inputs or self.save_output
        self.view = view                       # the output shares storage (and version counter) with input 0

    def __call__(self, *inputs, params=(), arrays=None):
        """Run the forward on arrays and, if any input requires grad, record a node."""
        if arrays is None:
            arrays = [x._data if type(x) is Tensor else x for x in inputs]
        data = self.forward(*arrays, *params)
        if self.view:
            first = inputs[0]
            out = _make(data, version_counter=first._version_counter, base=first._base if first._base is not None else first)
        else:
            out = _make(data)
        if _state.enabled:
            for x in inputs:
                if type(x) is Tensor and x._requires_grad:
                    _record(self, inputs, params, out)
                    break
        if _forward.level is not None and not _forward.pushing:
            for x in inputs:
                if forward.tangent_of(x) is not None:
                    forward.push(self, inputs, params, out)
                    break
        return out


def _record(rule, inputs, params, out):
    # One plain loop: this runs once per recorded op, so it is the engine's hottest path.
    edges, metas = [], []
    for x in inputs:
        if type(x) is Tensor:
            data = x._data
            metas.append((data.shape, data.dtype))
            fn = x.grad_fn
            edges.append(fn if fn is not None else x._grad_accumulator() if x._requires_grad else None)
        else:
            metas.append(None)
            edges.append(None)
    if not rule.save_inputs:
        saved = [None if m is not None else x for m, x in zip(metas, inputs)]
    elif rule.reads is None:
        saved = inputs
    else:  # keep only the inputs read by the vjp of some input that requires grad
        read = set()
        for reads, edge in zip(rule.reads, edges):
            if edge is not None:
                read.update(reads)
        saved = [x if i in read or metas[i] is None else None for i, x in enumerate(inputs)]
    out.grad_fn = node_class(rule.grad_fn_name)(rule, edges, metas, saved, out if rule.save_output else None, params)
    out._requires_grad = True


def sum_to(g, shape):
    """Undo broadcasting: sum g down to `shape` (differentiably, so create_graph keeps working)."""
    if g.shape == shape:
        return g
    lead = g.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape) if n == 1 and g.shape[i + lead] != 1)
    if dims:
        g = g.sum(dims, keepdim=True)
    return g.reshape(shape) if g.shape != shape else g


# ---- helpers the vjps use -------------------------------------------------------------------------------------

def _const(array):
    return _make(np.asarray(array))


def _mask(cond, like):
    """A constant float tensor from a boolean array, in the dtype of `like`."""
    return _make(np.asarray(cond, dtype=like.dtype.np))


def _restore_dims(g, shape, dim, keepdim):
    """Put reduced dims back (as size 1) so g broadcasts against the input of a reduction."""
    if dim is None:
        return g.reshape((1,) * len(shape)) if len(shape) else g
    if not keepdim:
        for d in sorted(dim):
            g = g.unsqueeze(d)
    return g


def _count(shape, dim):
    return int(np.prod([shape[d] for d in dim])) if dim is not None else int(np.prod(shape))


# ---- rule makers, for rules that differ only in the grad_fn name torch gives them ------------------------------

def _clamp_rule(name):
    return Rule(name, lambda a, lo, hi: np.clip(a, lo, hi), lambda g, out, a, lo, hi: g * _mask(_within(a._data, lo, hi), g))


def _extremum_dim_rule(name):
    """max/min along a dim: the forward takes the values at precomputed indices; the vjp routes g back there."""
    return Rule(name, lambda a, idx, dim, keepdim: _take(a, idx, dim, keepdim),
                lambda g, out, a, idx, dim, keepdim: _scatter_to(g, a.shape, idx, dim, keepdim), save=None)


def _read_rule(name):
    """a[key] (advanced or strided): the vjp places g back into zeros of a's shape."""
    return Rule(name, lambda a, key: a[key], lambda g, out, a, key: _embed(g, a.shape, key), save=None)


def _write_rule(name):
    """a with a[key] = v: a's gradient is g outside key, v's is g at key."""
    return Rule(name, lambda a, v, key: _put(a, v, key), lambda g, out, a, v, key: _zero_at(g, key),
                lambda g, out, a, v, key: _index_tensor(g, key), save=None)


# ---- the table ----------------------------------------------------------------------------------------------
# name: Rule(grad_fn, forward on arrays, vjp per input, save=what the vjps read)
R = dict(
    add=Rule("AddBackward0", lambda a, b, alpha: a + b * alpha if alpha != 1 else a + b,
             lambda g, out, a, b, alpha: g, lambda g, out, a, b, alpha: g * alpha if alpha != 1 else g, save=None),
    sub=Rule("SubBackward0", lambda a, b, alpha: a - b * alpha if alpha != 1 else a - b,
             lambda g, out, a, b, alpha: g, lambda g, out, a, b, alpha: -g * alpha if alpha != 1 else -g, save=None),
    rsub=Rule("RsubBackward1", lambda a, b: b - a, lambda g, out, a, b: -g, save=None),
    mul=Rule("MulBackward0", np.multiply, lambda g, out, a, b: g * b, lambda g, out, a, b: g * a,
             reads=((1,), (0,))),
    div=Rule("DivBackward0", np.true_divide, lambda g, out, a, b: g / b, lambda g, out, a, b: -g * a / (b * b),
             reads=((1,), (0, 1))),
    neg=Rule("NegBackward0", np.negative, lambda g, out, a: -g, save=None),
    reciprocal=Rule("ReciprocalBackward0", np.reciprocal, lambda g, out, a: -g * out * out, save="output"),
    pow_scalar=Rule("PowBackward0", np.power,
                    lambda g, out, a, b: g * 0 if b == 0 else g * (a * 2) if b == 2 else g * b * a ** (b - 1)),
    pow_tensor=Rule("PowBackward1", np.power,
                    lambda g, out, a, b: where(_mask(b._data == 0, b), 0., g * b * a ** (b - 1)),
                    lambda g, out, a, b: where(_mask((a._data == 0) & (b._data >= 0), out), 0., g * out * log(a)),
                    save="both"),
    rpow=Rule("PowBackward2", lambda a, base: np.power(base, a),
              lambda g, out, a, base: where(_mask((a._data >= 0) & (base == 0), out), 0.,
                                            g * out * float(np.log(np.float64(base)))), save="both"),
    exp=Rule("ExpBackward0", np.exp, lambda g, out, a: g * out, save="output"),
    log=Rule("LogBackward0", np.log, lambda g, out, a: g / a),
    log1p=Rule("Log1PBackward0", np.log1p, lambda g, out, a: g / (a + 1)),
    sin=Rule("SinBackward0", np.sin, lambda g, out, a: g * cos(a)),
    cos=Rule("CosBackward0", np.cos, lambda g, out, a: -g * sin(a)),
    tan=Rule("TanBackward0", np.tan, lambda g, out, a: g * (out ** 2 + 1), save="output"),
    tanh=Rule("TanhBackward0", np.tanh, lambda g, out, a: g * (1 - out ** 2), save="output"),
    sigmoid=Rule("SigmoidBackward0", lambda a: _sigmoid(a), lambda g, out, a: g * out * (1 - out), save="output"),
    relu=Rule("ReluBackward0", lambda a: np.maximum(a, 0), lambda g, out, a: R["threshold_backward"](g, out),
              save="output"),
    threshold_backward=Rule("ThresholdBackwardBackward0", lambda g, out: g * (out > 0),
                            lambda gg, _, g, out: R["threshold_backward"](gg, out), lambda gg, _, g, out: gg * 0,
                            reads=((1,), ())),
    sqrt=Rule("SqrtBackward0", np.sqrt, lambda g, out, a: g / (2 * out), save="output"),
    abs=Rule("AbsBackward0", np.abs, lambda g, out, a: g * sign(a)),
    sign=Rule("SignBackward0", np.sign, lambda g, out, a: g * 0, save=None),
    clamp=_clamp_rule("ClampBackward1"),
    clamp_tensor=_clamp_rule("ClampBackward0"),  # Tensor bounds (constants here: they get no gradient)
    clamp_min=Rule("ClampMinBackward0", np.maximum, lambda g, out, a, lo: g * _mask(a._data >= lo, g)),
    clamp_max=Rule("ClampMaxBackward0", np.minimum, lambda g, out, a, hi: g * _mask(a._data <= hi, g)),
    maximum=Rule("MaximumBackward0", np.maximum,
                 lambda g, out, a, b: g * _mask((a._data > b._data) + 0.5 * (a._data == b._data), g),
                 lambda g, out, a, b: g * _mask((b._data > a._data) + 0.5 * (a._data == b._data), g)),
    minimum=Rule("MinimumBackward0", np.minimum,
                 lambda g, out, a, b: g * _mask((a._data < b._data) + 0.5 * (a._data == b._data), g),
                 lambda g, out, a, b: g * _mask((b._data < a._data) + 0.5 * (a._data == b._data), g)),
    where=Rule("WhereBackward0", lambda a, b, cond: np.where(cond, a, b),
               lambda g, out, a, b, cond: where(_const(cond), g, 0.), lambda g, out, a, b, cond: where(_const(cond), 0., g),
               save=None),
    # reductions: dim is None (all elements) or a tuple of non-negative dims
    sum=Rule("SumBackward0", lambda a, dim, keepdim, dt: a.sum(dtype=dt),
             lambda g, out, a, dim, keepdim, dt: g.expand(a.shape), save=None),
    sum_dim=Rule("SumBackward1", lambda a, dim, keepdim, dt: a.sum(dim, keepdims=keepdim, dtype=dt),
                 lambda g, out, a, dim, keepdim, dt: _restore_dims(g, a.shape, dim, keepdim).expand(a.shape), save=None),
    mean=Rule("MeanBackward0", lambda a, dim, keepdim: a.mean(),
              lambda g, out, a, dim, keepdim: g.expand(a.shape) / _count(a.shape, None), save=None),
    mean_dim=Rule("MeanBackward1", lambda a, dim, keepdim: a.mean(dim, keepdims=keepdim),
                  lambda g, out, a, dim, keepdim: _restore_dims(g, a.shape, dim, keepdim).expand(a.shape) / _count(a.shape, dim),
                  save=None),
    prod=Rule("ProdBackward0", lambda a, dim, keepdim: a.prod(),
              lambda g, out, a, dim, keepdim: g * _prod_others(a, out, None, False), save="both"),
    prod_dim=Rule("ProdBackward1", lambda a, dim, keepdim: a.prod(dim, keepdims=keepdim),
                  lambda g, out, a, dim, keepdim: _restore_dims(g, a.shape, dim, keepdim) * _prod_others(a, out, dim, keepdim),
                  save="both"),
    amax_all=Rule("MaxBackward1", lambda a: a.max(), lambda g, out, a: _even_split(g, a, out), save="both"),
    amin_all=Rule("MinBackward1", lambda a: a.min(), lambda g, out, a: _even_split(g, a, out), save="both"),
    max_dim=_extremum_dim_rule("MaxBackward0"),
    min_dim=_extremum_dim_rule("MinBackward0"),
    norm=Rule("LinalgVectorNormBackward0", lambda a, p, dim, keepdim: _norm_forward(a, p, dim, keepdim),
              lambda g, out, a, p, dim, keepdim: _norm_backward(g, out, a, p, dim, keepdim), save="both"),
    softmax=Rule("SoftmaxBackward0", lambda a, dim: _softmax(a, dim),
                 lambda g, out, a, dim: R["softmax_backward"](g, out, params=(dim,)), save="output"),
    softmax_backward=Rule("SoftmaxBackwardDataBackward0", lambda g, out, dim: out * (g - (g * out).sum(dim, keepdims=True)),
                          lambda gg, _, g, out, dim: out * (gg - (gg * out).sum(dim, keepdim=True)),
                          lambda gg, _, g, out, dim: gg * (g - (g * out).sum(dim, keepdim=True))
                          - g * (gg * out).sum(dim, keepdim=True)),
    log_softmax=Rule("LogSoftmaxBackward0", lambda a, dim: _log_softmax(a, dim),
                     lambda g, out, a, dim: R["log_softmax_backward"](g, out, params=(dim,)), save="output"),
    log_softmax_backward=Rule("LogSoftmaxBackwardDataBackward0",
                              lambda g, out, dim: g - np.exp(out) * g.sum(dim, keepdims=True),
                              lambda gg, _, g, out, dim: gg - (gg * exp(out)).sum(dim, keepdim=True),
                              lambda gg, _, g, out, dim: -gg * exp(out) * g.sum(dim, keepdim=True)),
    # linear algebra
    mm=Rule("MmBackward0", np.matmul, lambda g, out, a, b: g.mm(b.t()), lambda g, out, a, b: a.t().mm(g),
            reads=((1,), (0,))),
    bmm=Rule("BmmBackward0", np.matmul, lambda g, out, a, b: g @ b.transpose(-1, -2),
             lambda g, out, a, b: a.transpose(-1, -2) @ g, reads=((1,), (0,))),
    mv=Rule("MvBackward0", np.matmul, lambda g, out, a, b: g.unsqueeze(1) * b, lambda g, out, a, b: a.t().mv(g),
            reads=((1,), (0,))),
    dot=Rule("DotBackward0", np.dot, lambda g, out, a, b: g * b, lambda g, out, a, b: g * a, reads=((1,), (0,))),
    # shapes (views of input 0 unless noted)
    view=Rule("ViewBackward0", lambda a, shape: _view(a, shape), lambda g, out, a, shape: g.reshape(a.shape),
              save=None, view=True),
    unsafe_view=Rule("UnsafeViewBackward0", lambda a, shape: a.reshape(shape), lambda g, out, a, shape: g.reshape(a.shape),
                     save=None),
    clone=Rule("CloneBackward0", lambda a: a.copy(), lambda g, out, a: g, save=None),
    copy=Rule("CopyBackwards", lambda a: a.copy(), lambda g, out, a: g, save=None),
    to=Rule("ToCopyBackward0", lambda a, dt: a.astype(dt.np), lambda g, out, a, dt: g.to(a.dtype), save=None),
    alias=Rule("AliasBackward0", lambda a: a.view(), lambda g, out, a: g, save=None, view=True),
    t=Rule("TBackward0", lambda a: a.T, lambda g, out, a: g.t(), save=None, view=True),
    transpose=Rule("TransposeBackward0", lambda a, d0, d1: np.swapaxes(a, d0, d1),
                   lambda g, out, a, d0, d1: g.transpose(d0, d1), save=None, view=True),
    permute=Rule("PermuteBackward0", np.transpose, lambda g, out, a, dims: g.permute(*np.argsort(dims).tolist()),
                 save=None, view=True),
    squeeze=Rule("SqueezeBackward0", lambda a: a.reshape([n for n in a.shape if n != 1]),
                 lambda g, out, a: g.reshape(a.shape), save=None, view=True),
    squeeze_dim=Rule("SqueezeBackward1", lambda a, dim: np.squeeze(a, dim) if a.shape[dim] == 1 else a.view(),
                     lambda g, out, a, dim: g.reshape(a.shape), save=None, view=True),
    squeeze_matmul=Rule("SqueezeBackward4", lambda a, dim: np.squeeze(a, dim),
                        lambda g, out, a, dim: g.unsqueeze(dim), save=None, view=True),
    unsqueeze=Rule("UnsqueezeBackward0", np.expand_dims, lambda g, out, a, dim: g.squeeze(dim), save=None, view=True),
    expand=Rule("ExpandBackward0", np.broadcast_to, lambda g, out, a, shape: sum_to(g, a.shape), save=None, view=True),
    select=Rule("SelectBackward0", lambda a, dim, i: a[(slice(None),) * dim + (i, Ellipsis)],  # `...`: a view, even 0-d
                lambda g, out, a, dim, i: _embed(g, a.shape, (slice(None),) * dim + (i,)), save=None, view=True),
    slice=Rule("SliceBackward0", lambda a, dim, s: a[(slice(None),) * dim + (s,)],
               lambda g, out, a, dim, s: _embed(g, a.shape, (slice(None),) * dim + (s,)), save=None, view=True),
    index=_read_rule("IndexBackward0"),
    as_strided=_read_rule("AsStridedBackward0"),
    embed=Rule("IndexBackwardBackward0", lambda g, shape, key: _embed_array(g, shape, key),
               lambda g, out, a, shape, key: g[key] if not isinstance(key, tuple) else _index_tensor(g, key), save=None),
    copy_slices=_write_rule("torch::autograd::CopySlices"),
    index_put=_write_rule("IndexPutBackward0"),  # assignment through a tensor index
    cat=Rule("CatBackward0", lambda *arrays_and_dim: np.concatenate(arrays_and_dim[:-1], arrays_and_dim[-1]),
             lambda g, out, *inputs_and_dim: _split(g, inputs_and_dim[:-1], inputs_and_dim[-1]), save=None,
             variadic=True),
    stack=Rule("StackBackward0", lambda *arrays_and_dim: np.stack(arrays_and_dim[:-1], arrays_and_dim[-1]),
               lambda g, out, *inputs_and_dim: tuple(g.select(inputs_and_dim[-1], i)
                                                     for i in range(len(inputs_and_dim) - 1)), save=None,
               variadic=True),
    # losses, each one node as in torch (reduction inside)
    bce_logits=Rule("BinaryCrossEntropyWithLogitsBackward0",
                    lambda x, y, w, pw, reduction: _reduce_array(_bce_logits(x, y, w, pw), reduction),
                    lambda g, out, x, y, w, pw, reduction: _expand_reduced(g, x, reduction) * _bce_logits_dx(x, y, w, pw),
                    lambda g, out, x, y, w, pw, reduction: _expand_reduced(g, x, reduction) * _bce_logits_dy(x, w, pw)),
    bce=Rule("BinaryCrossEntropyBackward0",
             lambda p, y, w, reduction: _reduce_array(_bce(p, y, w), reduction),
             lambda g, out, p, y, w, reduction: _expand_reduced(g, p, reduction) * _bce_dp(p, y, w),
             lambda g, out, p, y, w, reduction: _expand_reduced(g, p, reduction) * _bce_dy(p, w)),
    mse=Rule("MseLossBackward0", lambda x, y, reduction: _reduce_array((x - y) ** 2, reduction),
             lambda g, out, x, y, reduction: _expand_reduced(g, x, reduction) * 2 * (x - y),
             lambda g, out, x, y, reduction: _expand_reduced(g, x, reduction) * -2 * (x - y)),
    remainder=Rule("RemainderBackward0", np.remainder, lambda g, out, a, b: g,
                   lambda g, out, a, b: -g * _const(np.floor_divide(a._data, b._data))),
    remainder_scalar=Rule("RemainderBackward0", np.remainder, lambda g, out, a, b: g, save=None),
    zero=Rule("ZeroBackward0", np.zeros_like, lambda g, out, a: g * 0, save=None),
    fill=Rule("FillBackward2", lambda a, value: np.full_like(a, value), lambda g, out, a, value: g * 0, save=None),
    nll=Rule("NllLossBackward0", lambda logp, target, weight, reduction, ignore: _nll_forward(logp, target, weight, reduction, ignore),
             lambda g, out, logp, target, weight, reduction, ignore: _nll_backward(g, logp, target, weight, reduction, ignore)),
)


# ---- forward and vjp helpers named in the table ---------------------------------------------------------------

def _take(a, idx, dim, keepdim):
    values = np.take_along_axis(a, idx, dim)
    return values if keepdim else values.squeeze(dim)


def _within(a, lo, hi):
    """Where clamp passes the gradient: inside the bounds, bounds included."""
    inside = np.ones(a.shape, bool)
    if lo is not None:
        inside &= a >= lo
    if hi is not None:
        inside &= a <= hi
    return inside


def _sigmoid(a):
    # exp of a negative number only, so large |a| never overflows
    e = np.exp(-np.abs(a))
    return np.where(a >= 0, 1 / (1 + e), e / (1 + e)).astype(a.dtype, copy=False)


def _softmax(a, dim):
    e = np.exp(a - a.max(dim, keepdims=True))
    return e / e.sum(dim, keepdims=True)


def _log_softmax(a, dim):
    shifted = a - a.max(dim, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(dim, keepdims=True))


def _view(a, shape):
    view = a.view()
    try:
        view.shape = shape
    except AttributeError:
        raise RuntimeError("view size is not compatible with input tensor's size and stride (at least one dimension "
                           "spans across two contiguous subspaces). Use .reshape(...) instead.") from None
    return view


def _prod_others(a, out, dim, keepdim):
    """d prod / d a_i: the product of the other elements (out / a_i unless a has zeros)."""
    if not (a._data == 0).any():
        return _restore_dims(out, a.shape, dim, keepdim) / a
    axis = dim[0] if dim is not None else None
    data = a._data.reshape(-1) if axis is None else np.moveaxis(a._data, axis, -1)
    ones = np.ones_like(data[..., :1])
    left = np.cumprod(np.concatenate([ones, data[..., :-1]], -1), -1)
    right = np.cumprod(np.concatenate([ones, data[..., :0:-1]], -1), -1)[..., ::-1]
    others = left * right
    return _const(others.reshape(a.shape) if axis is None else np.moveaxis(others, -1, axis))


def _even_split(g, a, out):
    ties = a._data == out._data
    return g * _make((ties / ties.sum()).astype(a._data.dtype))


def _scatter_to(g, shape, idx, dim, keepdim):
    if not shape:  # max/min over dim 0 of a 0-d tensor: the forward ran on a (1,) copy, the one element is picked
        return g.reshape(())
    hit = np.arange(shape[dim]).reshape((-1,) + (1,) * (len(shape) - dim - 1)) == idx
    return (g if keepdim else g.unsqueeze(dim)) * _mask(hit, g)


def _norm_forward(a, p, dim, keepdim):
    m = np.abs(a)
    if p == 2:
        return np.sqrt((m * m).sum(dim, keepdims=keepdim))
    if p == 1:
        return m.sum(dim, keepdims=keepdim)
    if p == math.inf:
        return m.max(dim, keepdims=keepdim)
    return (m ** p).sum(dim, keepdims=keepdim) ** (1 / p)


def _norm_backward(g, out, a, p, dim, keepdim):
    g, out = _restore_dims(g, a.shape, dim, keepdim), _restore_dims(out, a.shape, dim, keepdim)
    zero = _mask(out._data == 0, out)
    safe = out + zero  # the gradient at a zero norm is 0, as in torch, without dividing by zero
    if p == 1:
        return g * sign(a)
    if p == 2:
        return g * a / safe * (1 - zero)
    if p == math.inf:
        return g * sign(a) * _mask(np.abs(a._data) == out._data, a) * (1 - zero)
    return g * a * abs(a) ** (p - 2) / safe ** (p - 1) * (1 - zero)


def _embed_array(g, shape, key):
    out = np.zeros(shape, g.dtype)
    if _is_advanced(key):
        np.add.at(out, key, g)  # repeated indices accumulate
    else:
        out[key] = g
    return out


def _embed(g, shape, key):
    """The gradient of a[key]: g placed into zeros of a's shape."""
    return R["embed"](g, params=(shape, key))


def _index_tensor(t, key):
    return R["index"](t, params=(key,))


def _put(a, v, key):
    out = a.copy()
    out[key] = v
    return out


def _zero_at(g, key):
    """g with the positions a[key] = v overwrote set to 0 (differentiably: a mask multiply)."""
    keep = np.ones(g.shape, bool)
    keep[key] = False
    return g * _mask(keep, g)


def _split(g, inputs, dim):
    grads, start = [], 0
    for x in inputs:
        stop = start + x.shape[dim]
        grads.append(R["slice"](g, params=(dim, slice(start, stop))))
        start = stop
    return tuple(grads)


def _reduce_array(loss, reduction):
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def _expand_reduced(g, x, reduction):
    if reduction == "none":
        return g
    g = g.expand(x.shape)
    return g / builtins.max(int(np.prod(x.shape)), 1) if reduction == "mean" else g


def _softplus(a):  # log(1 + exp(a)), without overflow
    return np.maximum(a, 0) + np.log1p(np.exp(-np.abs(a)))


def _bce_logits(x, y, w, pw):
    if pw is None:
        loss = (1 - y) * x + _softplus(-x)
    else:
        loss = (1 - y) * x + (1 + (pw - 1) * y) * _softplus(-x)
    return loss * w if w is not None else loss


def _bce_logits_dx(x, y, w, pw):
    if pw is None:
        d = sigmoid(x) - y
    else:
        pw = _const(pw)  # an array param: a NumPy operand would reach _operands, which takes Tensors and numbers
        d = sigmoid(x) * (pw * y + 1 - y) - pw * y
    return d * _const(w) if w is not None else d


def _bce_logits_dy(x, w, pw):
    d = -x if pw is None else log(sigmoid(-x)) - log(sigmoid(x)) * _const(pw)
    return d * _const(w) if w is not None else d


def _clamped_log(a):  # torch clamps BCE's logs at -100 so log(0) stays finite
    return np.maximum(np.log(a), -100)


def _bce(p, y, w):
    loss = -(y * _clamped_log(p) + (1 - y) * _clamped_log(1 - p))
    return loss * w if w is not None else loss


def _bce_dp(p, y, w):
    d = (p - y) / clamp(p * (1 - p), min=1e-12)
    return d * _const(w) if w is not None else d


def _bce_dy(p, w):
    d = clamp(log(1 - p), min=-100) - clamp(log(p), min=-100)  # Tensor ops, so d2L/dp dy is not lost
    return d * _const(w) if w is not None else d


def _nll_weights(logp_shape, target, weight, ignore):
    """Per-sample weights w[target] (0 where ignored) and their sum, for the 'mean' reduction."""
    w = np.ones(target.shape) if weight is None else weight[np.where(target == ignore, 0, target)]
    w = np.where(target == ignore, 0, w)
    return w, w.sum()


def _nll_forward(logp, target, weight, reduction, ignore):
    rows = np.arange(target.size).reshape(target.shape)
    safe_target = np.where(target == ignore, 0, target)
    picked = logp[rows, safe_target] if logp.ndim == 2 else logp[safe_target]
    w, total = _nll_weights(logp.shape, target, weight, ignore)
    loss = (-picked * w).astype(logp.dtype)
    if reduction == "mean":
        return (loss.sum() / total).astype(logp.dtype)
    return loss.sum() if reduction == "sum" else loss


def _nll_backward(g, logp, target, weight, reduction, ignore):
    target = target._data
    w, total = _nll_weights(logp.shape, target, weight, ignore)
    hit = np.zeros(logp.shape)
    safe_target = np.where(target == ignore, 0, target)
    if logp.ndim == 2:
        hit[np.arange(target.size), safe_target] = -w
    else:
        hit[safe_target] = -w
    if reduction == "mean":
        hit /= total
    if reduction == "none" and logp.ndim == 2:
        g = g.unsqueeze(1)
    return g * _make(hit.astype(logp.dtype.np))


def _is_advanced(key):
    return builtins.any(isinstance(k, (np.ndarray, list)) for k in (key if isinstance(key, tuple) else (key,)))


# ---- public functions: argument parsing, dtype promotion, torch's errors ------------------------------------------

def _shape_str(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def _broadcast_error(a, b):
    sa, sb = np.shape(a), np.shape(b)
    n = builtins.max(len(sa), len(sb))
    sa, sb = (1,) * (n - len(sa)) + tuple(sa), (1,) * (n - len(sb)) + tuple(sb)
    for i in range(n - 1, -1, -1):
        if sa[i] != sb[i] and 1 not in (sa[i], sb[i]):
            return RuntimeError(f"The size of tensor a ({sa[i]}) must match the size of tensor b ({sb[i]}) "
                                f"at non-singleton dimension {i}")
    return RuntimeError(f"shapes {list(sa)} and {list(sb)} cannot be broadcast")


def _operands(a, b, floating=False):
    """Both operands' arrays in torch's result dtype (Python numbers stay weak, as NumPy 2 keeps them)."""
    if type(a) is Tensor and a._data.dtype.kind == "f" and (type(b) is float or type(b) is int):
        return a._data, b  # the common case first: a float tensor and a Python number, which stays weak
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
    return _cast(a, dt), _cast(b, dt)


def _cast(x, dt):
    if isinstance(x, Tensor):
        return x._data if x._data.dtype == dt.np else x._data.astype(dt.np)
    if isinstance(x, (bool, int, float, np.number)):
        return dt.np.type(x) if dt.category == dtypes.BOOL or not isinstance(x, float) or dt.is_floating_point else x
    raise TypeError(f"unsupported operand type: '{type(x).__name__}'")


def _binary(rule, a, b, *params, floating=False):
    arrays = _operands(a, b, floating)
    try:
        return rule(a, b, params=params, arrays=arrays)
    except ValueError:
        raise _broadcast_error(*arrays) from None


def add(a, b, alpha=1):
    return _binary(R["add"], a, b, alpha)


def sub(a, b, alpha=1):
    if not isinstance(a, Tensor):
        return R["rsub"](b, params=(a,), arrays=_operands(b, a)[:1]) if alpha == 1 else add(-b * alpha, a)
    return _binary(R["sub"], a, b, alpha)


def mul(a, b):
    return _binary(R["mul"], a, b)


def div(a, b, rounding_mode=None):
    if rounding_mode is not None:
        return floor_divide(a, b) if rounding_mode == "floor" else _no_grad_result(np.trunc(_operands(a, b, True)[0] / _operands(a, b, True)[1]))
    if not isinstance(a, Tensor):
        return mul(reciprocal(b), a)  # 2 / x is recorded by torch as reciprocal(x) * 2
    return _binary(R["div"], a, b, floating=True)


def reciprocal(x):
    return R["reciprocal"](x, arrays=(_float_array(x),))


def pow(a, b):
    if not isinstance(a, Tensor):
        base, exponent = _operands(a, b)
        return R["rpow"](b, params=(a,), arrays=(exponent,))
    if isinstance(b, Tensor):
        return _binary(R["pow_tensor"], a, b)
    if a.dtype.category != FLOATING and isinstance(b, int) and b < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    base, exponent = _operands(a, b)
    return R["pow_scalar"](a, params=(exponent,), arrays=(base,))  # a Python exponent is no graph input


def remainder(a, b):
    if not isinstance(b, Tensor):
        base, divisor = _operands(a, b)
        return R["remainder_scalar"](a, params=(divisor,), arrays=(base,))
    return _binary(R["remainder"], a, b)


def floor_divide(a, b):
    x, y = _operands(a, b)
    return _no_grad_result(np.floor_divide(x, y))


def _no_grad_result(data):
    return _make(np.asarray(data))


def _tensors_only(name, a, b):
    for position, (label, x) in enumerate((("input", a), ("other", b)), 1):
        if not isinstance(x, Tensor):
            raise TypeError(f"{name}(): argument '{label}' (position {position}) must be Tensor, not "
                            f"{type(x).__name__}")


def maximum(a, b):
    _tensors_only("maximum", a, b)
    return _binary(R["maximum"], a, b)


def minimum(a, b):
    _tensors_only("minimum", a, b)
    return _binary(R["minimum"], a, b)


def _compare(ufunc):
    def compare(a, b):
        x, y = _operands(a, b)
        try:
            return _make(ufunc(x, y))
        except ValueError:
            raise _broadcast_error(x, y) from None
    return compare


eq, ne, lt, le, gt, ge = map(_compare, (np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal))
logical_and, logical_or, logical_xor = map(_compare, (np.logical_and, np.logical_or, np.logical_xor))


def _float_array(x):
    data = x._data
    return data if data.dtype.kind == "f" else data.astype(np.float32)


def _unary_float(name):
    rule = R[name]

    def op(x):
        if not isinstance(x, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
        return rule(x, arrays=(_float_array(x),))
    op.__name__ = name
    return op


exp, log, log1p, sin, cos, tan, tanh, sigmoid, sqrt = map(
    _unary_float, ("exp", "log", "log1p", "sin", "cos", "tan", "tanh", "sigmoid", "sqrt"))


def neg(x):
    return R["neg"](x)


def abs(x):
    return R["abs"](x)


def sign(x):
    return R["sign"](x)


def relu(x):
    return R["relu"](x)


def clamp(x, min=None, max=None):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    rule = R["clamp_tensor" if isinstance(min, Tensor) or isinstance(max, Tensor) else "clamp"]
    lo, hi = (v._data if isinstance(v, Tensor) else v for v in (min, max))
    dt = dtypes.result_type(x, *[v for v in (min, max) if v is not None])
    return rule(x, params=(lo, hi), arrays=(_cast(x, dt),))


def clamp_min(x, min):
    return R["clamp_min"](x, params=(min._data if isinstance(min, Tensor) else min,))


def clamp_max(x, max):
    return R["clamp_max"](x, params=(max._data if isinstance(max, Tensor) else max,))


def any(x, dim=None, keepdim=False):
    return _make(np.asarray(np.any(x._data, axis=_dims(x, dim), keepdims=keepdim)))


def all(x, dim=None, keepdim=False):
    return _make(np.asarray(np.all(x._data, axis=_dims(x, dim), keepdims=keepdim)))


def count_nonzero(x, dim=None):
    return _make(np.asarray(np.count_nonzero(x._data, axis=_dims(x, dim)), np.int64))


def where(condition, a, b):
    cond = condition._data.astype(bool) if isinstance(condition, Tensor) else np.asarray(condition, bool)
    if not isinstance(a, Tensor):
        a = _scalar_like(a, b)
    if not isinstance(b, Tensor):
        b = _scalar_like(b, a)
    arrays = _operands(a, b)
    try:
        np.broadcast_shapes(cond.shape, arrays[0].shape, arrays[1].shape)
    except ValueError:
        raise _broadcast_error(cond, np.broadcast(*arrays)) from None
    return R["where"](a, b, params=(cond,), arrays=arrays)


def _scalar_like(value, other):
    dt = other.dtype if isinstance(other, Tensor) and not isinstance(value, float) or (
        isinstance(other, Tensor) and other.dtype.is_floating_point) else dtypes.scalar_dtype(value)
    return _make(np.asarray(value, dt.np))


# reductions

def _dims(x, dim):
    if dim is None:
        return None
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    return tuple(sorted(x._dim(d) for d in dims)) if x.ndim else ()


def sum(x, dim=None, keepdim=False, dtype=None):
    dt = dtypes.to_dtype(dtype).np if dtype is not None else (None if x.dtype.is_floating_point else np.int64)
    dims = _dims(x, dim)
    if dims is None:
        return R["sum"](x, params=(None, False, dt))
    return R["sum_dim"](x, params=(dims, keepdim, dt))


def mean(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    if not x.dtype.is_floating_point:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                           f"complex dtype. Got: {x.dtype.legacy_name[:-len('Tensor')]}")
    dims = _dims(x, dim)
    if dims is None:
        return R["mean"](x, params=(None, False))
    return R["mean_dim"](x, params=(dims, keepdim))


def prod(x, dim=None, keepdim=False, dtype=None):
    if not x.dtype.is_floating_point:
        x = x.to(dtype or dtypes.int64)
    if dim is None:
        return R["prod"](x, params=(None, False))
    return R["prod_dim"](x, params=(_dims(x, dim), keepdim))


_return_types = {}


def return_type(name, fields=("values", "indices")):
    """torch.return_types.NAME: a named tuple printed as torch prints it."""
    cls = _return_types.get(name)
    if cls is None:
        from .printing import return_types_repr
        cls = collections.namedtuple(name, fields)
        cls.__module__ = "torch.return_types"
        cls.__repr__ = lambda self: return_types_repr(name, [(f, repr(v)) for f, v in zip(fields, self)])
        _return_types[name] = cls
    return cls


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
    d = x._dim(dim)
    data = x._data if x.ndim else x._data.reshape(1)
    idx = np.expand_dims((np.argmax if name == "max" else np.argmin)(data, d), d)
    values = R[f"{name}_dim"](x, params=(idx, d, keepdim or not x.ndim), arrays=(data,))
    if not x.ndim:
        values = values.reshape(())
    indices = _make(idx if keepdim and x.ndim else idx.squeeze(d).reshape(np.shape(idx.squeeze(d))))
    return return_type(name)(values, indices)


def max(x, dim=None, keepdim=False, other=None):
    return _extremum("max", x, dim, keepdim, other)


def min(x, dim=None, keepdim=False, other=None):
    return _extremum("min", x, dim, keepdim, other)


def _arg(fn, x, dim, keepdim):
    if dim is None:
        out = fn(x._data)
        return _make(np.asarray(out).reshape((1,) * x.ndim) if keepdim else np.asarray(out))
    d = x._dim(dim)
    return _make(np.asarray(fn(x._data, d, keepdims=keepdim)) if x.ndim else np.asarray(0))


def argmax(x, dim=None, keepdim=False):
    return _arg(np.argmax, x, dim, keepdim)


def argmin(x, dim=None, keepdim=False):
    return _arg(np.argmin, x, dim, keepdim)


def norm(x, p="fro", dim=None, keepdim=False, dtype=None):
    p = 2 if p in ("fro", None) else float(p) if p not in (math.inf, -math.inf) else p
    if not x.dtype.is_floating_point:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{x.dtype.legacy_name[:-len('Tensor')]}")
    return R["norm"](x, params=(p, _dims(x, dim), keepdim))


def softmax(x, dim, dtype=None):
    x = x.to(dtype) if dtype is not None else x
    return R["softmax"](x, params=(x._dim(dim),), arrays=(_float_array(x),))


def log_softmax(x, dim, dtype=None):
    x = x.to(dtype) if dtype is not None else x
    return R["log_softmax"](x, params=(x._dim(dim),), arrays=(_float_array(x),))


# linear algebra

def matmul(a, b):
    if a.ndim == 0 or b.ndim == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {a.ndim}D and {b.ndim}D")
    if a.ndim == 1 and b.ndim == 1:
        return dot(a, b)
    if a.ndim == 2 and b.ndim == 1:
        return mv(a, b)
    if a.ndim == 2 and b.ndim == 2:
        return mm(a, b)
    if a.ndim == 1 and b.ndim == 2:  # a row vector: torch unsqueezes it, multiplies, and squeezes the row away
        return R["squeeze_matmul"](mm(a.unsqueeze(0), b), params=(0,))
    if a.ndim == 1:  # vector @ batch = batch^T @ vector
        return matmul(b.transpose(-1, -2), a)
    if b.ndim == 1:  # batch @ vector: torch folds the batch into one mv
        if a.shape[-1] != b.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({int(np.prod(a.shape[:-1]))}), mat "
                               f"({int(np.prod(a.shape[:-1]))}x{a.shape[-1]}), vec ({b.shape[0]})")
        return R["unsafe_view"](mv(a.reshape(-1, a.shape[-1]), b), params=(tuple(a.shape[:-1]),))
    if b.ndim == 2:  # batch @ matrix: torch folds the batch into one mm
        lead = a.shape[:-1]
        if a.shape[-1] != b.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({int(np.prod(lead))}x{a.shape[-1]} and "
                               f"{b.shape[0]}x{b.shape[1]})")
        return R["unsafe_view"](mm(a.reshape(-1, a.shape[-1]), b), params=(tuple(lead) + (b.shape[1],),))
    x, y = _operands(a, b)
    try:
        return R["bmm"](a, b, arrays=(x, y))
    except ValueError:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{a.shape[0]}, {a.shape[-1]}] but got: [{b.shape[0]}, {b.shape[-2]}].") from None


def _same_dtype(a, b):
    if a.dtype is not b.dtype:  # torch's matrix products do not promote
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: {a.dtype.c_name} != {b.dtype.c_name}")


def mm(a, b):
    if a.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if b.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    _same_dtype(a, b)
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
                           f"{b.shape[0]}x{b.shape[1]})")
    return _binary(R["mm"], a, b)


def mv(a, b):
    if a.ndim != 2 or b.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {a.ndim}, {b.ndim}")
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({a.shape[0]}), mat ({a.shape[0]}x{a.shape[1]}), vec ({b.shape[0]})")
    _same_dtype(a, b)
    return _binary(R["mv"], a, b)


def dot(a, b):
    if a.ndim != 1 or b.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.ndim}D and {b.ndim}D tensors")
    if a.shape[0] != b.shape[0]:
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] to have "
                           f"the same number of elements, but got {a.shape[0]} and {b.shape[0]} elements respectively")
    if a.dtype is not b.dtype:
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found {a.dtype.legacy_name[:-6]} and "
                           f"{b.dtype.legacy_name[:-6]}")
    return _binary(R["dot"], a, b)


def outer(a, b):
    return a.unsqueeze(1) * b  # torch records outer as a broadcast multiply (MulBackward0)


# shapes

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
        known = int(np.prod([n for n in shape if n != -1]))
        if known == 0 or size % known:
            raise RuntimeError(f"shape '{_shape_str(shape)}' is invalid for input of size {size}")
        shape[shape.index(-1)] = size // known
    if int(np.prod(shape)) != size:
        raise RuntimeError(f"shape '{_shape_str(shape)}' is invalid for input of size {size}")
    return tuple(shape)


def view(x, *shape):
    return R["view"](x, params=(_infer_shape(x, shape),))


def reshape(x, *shape):
    shape = _infer_shape(x, shape)
    try:
        return R["view"](x, params=(shape,))
    except RuntimeError:  # not expressible as a view: torch copies, then reshapes the copy
        return R["unsafe_view"](clone(x), params=(shape,))


def flatten(x, start_dim=0, end_dim=-1):
    if x.ndim == 0:
        return reshape(x, 1)
    s, e = x._dim(start_dim), x._dim(end_dim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return x
    return reshape(x, *x.shape[:s], -1, *x.shape[e + 1:])


def squeeze(x, dim=None):
    if dim is None:
        return R["squeeze"](x)
    return R["squeeze_dim"](x, params=(x._dim(dim),)) if x.ndim else R["alias"](x)


def unsqueeze(x, dim):
    n = x.ndim + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return R["unsqueeze"](x, params=(dim % n,))


def expand(x, *sizes):
    sizes = list(_shape_arg(sizes))
    if len(sizes) < x.ndim:
        raise RuntimeError(f"expand(torch.{x.dtype.legacy_name}{{{_shape_str(x.shape)}}}, size={_shape_str(sizes)}): "
                           "the number of sizes provided (%d) must be greater or equal to the number of dimensions "
                           "in the tensor (%d)" % (len(sizes), x.ndim))
    lead = len(sizes) - x.ndim
    for i, n in enumerate(x.shape):
        target = sizes[lead + i]
        if target == -1:
            sizes[lead + i] = n
        elif n != 1 and target != n:
            raise RuntimeError(f"The expanded size of the tensor ({target}) must match the existing size ({n}) at "
                               f"non-singleton dimension {lead + i}.  Target sizes: {_shape_str(sizes)}.  "
                               f"Tensor sizes: {_shape_str(x.shape)}")
    return R["expand"](x, params=(tuple(sizes),))


def t(x):
    if x.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {x.ndim}D")
    return R["t"](x)


def transpose(x, dim0, dim1):
    return R["transpose"](x, params=(x._dim(dim0), x._dim(dim1)))


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


def _check_sequence(tensors, name):
    if not isinstance(tensors, (list, tuple)) or not tensors:
        if name == "stack":
            raise RuntimeError("stack expects a non-empty TensorList")
        raise ValueError(f"{name}(): expected a non-empty list of Tensors")
    return [x if isinstance(x, Tensor) else _make(np.asarray(x)) for x in tensors]


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
    return R["cat"](*tensors, params=(d,), arrays=[_cast(x, dt) for x in tensors])


def stack(tensors, dim=0):
    tensors = _check_sequence(tensors, "stack")
    for i, x in enumerate(tensors[1:], 1):
        if x.shape != tensors[0].shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got {_shape_str(tensors[0].shape)} at "
                               f"entry 0 and {_shape_str(x.shape)} at entry {i}")
    n = tensors[0].ndim + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    dt = dtypes.result_type(*[_make(np.empty((1,), x._data.dtype)) for x in tensors])
    return R["stack"](*tensors, params=(dim % n,), arrays=[_cast(x, dt) for x in tensors])


def clone(x):
    return R["clone"](x)


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
        return _make(x._data.astype(dt.np))
    return R["to"](x, params=(dt,))


# indexing

_INDEX_TYPE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices "
                     "(got {})")


def _index_key(key):
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


def _numpy_index_error(err, x):
    text = str(err)
    if "out of bounds" in text:
        return IndexError(text.replace("axis", "dimension").split(" with size")[0] + " with size " + text.rsplit(" ", 1)[-1])
    if "too many indices" in text:
        return IndexError(f"too many indices for tensor of dimension {x.ndim}")
    return IndexError(text)


def getitem(x, key):
    key = _index_key(key)
    if builtins.any(isinstance(k, np.ndarray) for k in key):
        try:
            x._data[key]
        except IndexError as err:
            raise _numpy_index_error(err, x) from None
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


def select(x, dim, index):
    d = x._dim(dim)
    size = x.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size {_shape_str(x.shape)} at "
                         f"dimension {d}")
    return R["select"](x, params=(d, index % size))


def contiguous(x):
    return x if x._data.flags.c_contiguous else clone(x)


def setitem(x, key, value):
    key = _index_key(key)
    try:
        np.broadcast_to(np.asarray(value._data if isinstance(value, Tensor) else value), x._data[key].shape)
    except IndexError as err:
        raise _numpy_index_error(err, x) from None
    except ValueError:
        raise RuntimeError(f"shape mismatch: value tensor of shape {_shape_str(np.shape(value))} cannot be broadcast "
                           f"to indexing result of shape {_shape_str(x._data[key].shape)}") from None
    if _state.enabled and x.grad_fn is None and x._requires_grad:  # torch writes through a view of x
        raise engine_error("a view of a leaf Variable that requires grad is being used in an in-place operation.",
                           "inplace_leaf", tensor=x)
    rule = R["index_put" if _is_advanced(key) else "copy_slices"]
    inplace(x, lambda src, v: rule(src, v, params=(key,), arrays=(src._data, _cast(v, src.dtype))), value)


# in-place

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
    if out.dtype.category > x.dtype.category:
        raise RuntimeError(f"result type {out.dtype.legacy_name[:-6]} can't be cast to the desired output type "
                           f"{x.dtype.legacy_name[:-6]}")
    if out.shape != x.shape:
        raise RuntimeError(f"output with shape {_shape_str(x.shape)} doesn't match the broadcast shape "
                           f"{_shape_str(out.shape)}")
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


T_WARNING = ("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will "
             "throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
             "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered "
             "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)")


_warned_once = set()


def _reverse_dims(x):
    if x.ndim != 2 and "T" not in _warned_once:  # torch's TORCH_WARN_ONCE: once per process
        _warned_once.add("T")
        warnings.warn(T_WARNING, UserWarning, stacklevel=3)
    return R["permute"](x, params=(tuple(range(x.ndim))[::-1],))


def _inplace_method(op):
    def method(self, *args, **kwargs):
        return inplace(self, lambda src, *a: op(src, *a, **kwargs), *args)
    return method


# ---- Tensor methods and operators ---------------------------------------------------------------------------------

def _swap(op):
    return lambda self, other: op(other, self)


def _matmul(a, b):
    if not isinstance(b, Tensor):
        raise TypeError(f"unsupported operand type(s) for @: 'Tensor' and '{type(b).__name__}'")
    return matmul(a, b)


_METHODS = dict(
    __add__=add, __radd__=add, __sub__=sub, __rsub__=_swap(sub), __mul__=mul, __rmul__=mul,
    __truediv__=div, __rtruediv__=_swap(div), __pow__=pow, __rpow__=_swap(pow), __matmul__=_matmul,
    __mod__=remainder, __floordiv__=floor_divide, __rfloordiv__=_swap(floor_divide),
    __neg__=neg, __pos__=lambda self: self, __abs__=abs,
    __eq__=eq, __ne__=ne, __lt__=lt, __le__=le, __gt__=gt, __ge__=ge,
    __and__=logical_and, __or__=logical_or, __xor__=logical_xor, __invert__=lambda self: _make(~self._data),
    __getitem__=getitem, __setitem__=setitem,
    __iadd__=_inplace_method(add), __isub__=_inplace_method(sub), __imul__=_inplace_method(mul),
    __itruediv__=_inplace_method(div), __ipow__=_inplace_method(pow),
    add=add, sub=sub, subtract=sub, mul=mul, multiply=mul, div=div, divide=div, true_divide=div, pow=pow,
    remainder=remainder, floor_divide=floor_divide, reciprocal=reciprocal, maximum=maximum, minimum=minimum,
    eq=eq, ne=ne, lt=lt, le=le, gt=gt, ge=ge,
    exp=exp, log=log, log1p=log1p, sin=sin, cos=cos, tan=tan, tanh=tanh, sigmoid=sigmoid, sqrt=sqrt,
    neg=neg, negative=neg, abs=abs, sign=sign, relu=relu, clamp=clamp, clip=clamp, clamp_min=clamp_min,
    clamp_max=clamp_max, any=any, all=all, count_nonzero=count_nonzero,
    sum=sum, mean=mean, prod=prod, max=max, min=min, argmax=argmax, argmin=argmin, norm=norm,
    softmax=softmax, log_softmax=log_softmax,
    matmul=matmul, mm=mm, mv=mv, dot=dot, outer=outer,
    view=view, reshape=reshape, flatten=flatten, squeeze=squeeze, unsqueeze=unsqueeze, expand=expand,
    t=t, transpose=transpose, permute=permute, clone=clone, to=to, select=select, contiguous=contiguous,
    is_contiguous=lambda self: bool(self._data.flags.c_contiguous),
    float=lambda self: to(self, dtypes.float32), double=lambda self: to(self, dtypes.float64),
    long=lambda self: to(self, dtypes.int64), int=lambda self: to(self, dtypes.int32),
    bool=lambda self: to(self, dtypes.bool_),
    view_as=lambda self, other: view(self, other.shape), reshape_as=lambda self, other: reshape(self, other.shape),
    expand_as=lambda self, other: expand(self, other.shape),
    add_=_inplace_method(add), sub_=_inplace_method(sub), mul_=_inplace_method(mul), div_=_inplace_method(div),
    pow_=_inplace_method(pow), clamp_=_inplace_method(clamp),
    zero_=_inplace_method(lambda x: R["zero"](x)), fill_=_inplace_method(lambda x, v: R["fill"](x, params=(float(v) if isinstance(v, Tensor) else v,))),
    T=property(lambda self: _reverse_dims(self)),
)

for _name, _method in _METHODS.items():
    setattr(Tensor, _name, _method)
