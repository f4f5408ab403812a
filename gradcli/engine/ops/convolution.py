"""Convolutions and pooling: conv1d, conv2d, max_pool2d, avg_pool2d (torch.nn.functional), vectorised over
sliding windows (a strided view of the padded input: im2col without a copy until the product needs one).

A convolution is bilinear in (input, weight), so its derivatives close over three products, each a rule:
  convolution (ConvolutionBackward0)          out    = conv(x, w) + b
  conv_input_grad (ConvolutionBackwardBackward0)  dL/dx = conv_transpose(g, w)
  conv_weight_grad (ConvolutionBackwardBackward0) dL/dw = correlation of g with x's windows
and each one's vjps are the other two, so create_graph differentiates as deep as asked, with the grad_fn
names torch prints (its ConvolutionBackwardBackward0 is one node with three outputs; here each gradient
has its own node of that name). The pooling ops are linear in their input given the windows (max: the
chosen indices), so each has a backward rule whose vjp is the pooling again.
"""

import math
import warnings
from collections import namedtuple

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .. import mkl, mkl_linalg
from ..gemm import EXACT_LIMIT, _fused_chain, product
from ..kernels import fma
from ..reduce import torch_sum
from ..rules import R, Rule, op, rule
from ..tensor import Tensor, _make
from .shared import shape_str

NN = ("torch", "torch.nn.functional")
# per spatial dim: stride, (left, right) zero padding, dilation; and the channel groups
Geometry = namedtuple("Geometry", "stride padding dilation groups")
# per spatial dim: kernel, stride, (left, right) padding (right covers ceil_mode), dilation; avg_pool's options
Pooling = namedtuple("Pooling", "kernel stride padding dilation count_include_pad divisor_override")


def _tuple(value, n, name="value"):
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,) * n
    if len(values) == 1:
        values *= n
    if len(values) != n or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
        raise TypeError(f"{name} must be an int or a tuple of {n} ints, not {value!r}")
    return tuple(int(v) for v in values)


def _windows(padded, kernel, stride, dilation):
    """The view (N, C, *out, *kernel) of padded (N, C, *size): window [.., o.., k..] = padded[.., o*s + k*d ..]."""
    spatial = padded.strides[2:]
    out = [(n - d * (k - 1) - 1) // s + 1 for n, k, s, d in zip(padded.shape[2:], kernel, stride, dilation)]
    return as_strided(padded, padded.shape[:2] + tuple(out) + tuple(kernel),
                      padded.strides[:2] + tuple(t * s for t, s in zip(spatial, stride))
                      + tuple(t * d for t, d in zip(spatial, dilation)), writeable=False)


def _pad(x, padding, value=0):
    return np.pad(x, [(0, 0), (0, 0), *padding], constant_values=value) if any(map(any, padding)) else x


def _tap_slices(tap, out, stride, dilation):
    """Where kernel position `tap` reads in the padded input, for every output position at once."""
    return (slice(None), slice(None)) + tuple(slice(t * d, t * d + s * (o - 1) + 1, s)
                                              for t, o, s, d in zip(tap, out, stride, dilation))


def _grouped(a, groups):
    """(N, C, ...) -> (N, groups, C / groups, prod(...))."""
    return a.reshape(a.shape[0], groups, a.shape[1] // groups, -1)


# ---- the three products (NumPy) ----------------------------------------------------------------------------------
# A float32 convolution's forward is computed in the order torch 2.13's CPU build sums it (found by black-box
# experiments, tests/golden/gen_conv_bits.py): where torch calls oneDNN (its `use_mkldnn` rule, below), each
# output is one chain of fused multiply-adds starting from the bias, over blocks of eight input channels, in
# each block over the kernel rows, columns, then the block's channels; elsewhere (torch's slow_conv2d: one
# image, no groups, a small kernel and input) it is the matrix product weight @ im2col(x) + bias of MKL's
# sgemm (gemm.py). Gradients, float64 and convolutions too large for the chain are accumulated in float64
# (float32 rounded once): not bit-exact (see the README's "Convolutions, bit for bit").

CHANNEL_BLOCK = 8          # input channels oneDNN's AVX2 direct convolution sums per block


def _wide(a):
    return a.astype(np.float64) if a.dtype == np.float32 else a


def _uses_onednn(x_shape, w_shape, geo):
    """torch's ConvParams::use_mkldnn for a float32 input, with more than one thread (as torch starts)."""
    n, size = x_shape[0], math.prod(x_shape[1:])
    kernel = w_shape[2:] if len(w_shape) == 4 else (1,) + tuple(w_shape[2:])   # conv1d runs as a 2-d convolution
    return geo.groups > 1 or (kernel[0] > 3 and kernel[1] > 3) or n > 1 or size > 20480


def _onednn_chain(windows, w, b, groups):
    """oneDNN's order: acc = bias; per block of 8 channels, per kernel tap, per channel: acc = fma(x, w, acc).
    Per group, the fused chain of gemm.py over the reordered columns, with the bias as a first step (1 * b)."""
    n, o, cg = windows.shape[0], w.shape[0], w.shape[1]
    og, taps = o // groups, math.prod(w.shape[2:])
    order = [ci * taps + tap for first in range(0, cg, CHANNEL_BLOCK) for tap in range(taps)
             for ci in range(first, min(first + CHANNEL_BLOCK, cg))]
    cols = _columns(windows, groups)                                                  # N G L C/G*K
    positions = cols.shape[2]
    bias = np.zeros(o, np.float32) if b is None else b
    out = np.empty((n, groups, og, positions), np.float32)
    for group in range(groups):
        kernel = w[group * og:(group + 1) * og].reshape(og, -1)[:, order]
        steps = cols[:, group].reshape(n * positions, -1)[:, order].T
        chain = _fused_chain(np.concatenate([bias[group * og:(group + 1) * og, None], kernel], axis=1),
                             np.concatenate([np.ones((1, n * positions), np.float32), steps]))
        out[:, group] = chain.reshape(og, n, positions).transpose(1, 0, 2)
    return out.reshape(n, o, *windows.shape[2:2 + w.ndim - 2])


def _columns(windows, groups):
    """im2col: windows (N, C, *out, *kernel) -> (N, groups, positions, C / groups * kernel taps), one copy."""
    n, c = windows.shape[:2]
    dims = (windows.ndim - 2) // 2
    split = windows.reshape(n, groups, c // groups, *windows.shape[2:])
    order = (0, 1, *range(3, 3 + dims), 2, *range(3 + dims, 3 + 2 * dims))
    return split.transpose(order).reshape(n, groups, math.prod(windows.shape[2:2 + dims]), -1)


def _kernel_matrix(w, groups):
    """(O, C / groups, *kernel) -> (groups, C / groups * kernel taps, O / groups)."""
    return w.reshape(groups, w.shape[0] // groups, -1).transpose(0, 2, 1)


def _conv_forward(x, w, b, geo):
    out_size = _out_size(x.shape, w.shape, geo)
    if _uses_slow_conv(x.dtype, x.shape, w.shape, geo):
        return _slow_conv_forward(x, w, b, geo).reshape(x.shape[0], w.shape[0], *out_size)
    windows = _windows(_pad(x, geo.padding), w.shape[2:], geo.stride, geo.dilation)
    n, g, o = x.shape[0], geo.groups, w.shape[0]
    if x.dtype == np.float32 and n * o * math.prod(out_size) * math.prod(w.shape[1:]) <= EXACT_LIMIT:
        with np.errstate(over="ignore", invalid="ignore"):
            return _onednn_chain(windows, w, b, g)
    out = _columns(_wide(windows), g) @ _kernel_matrix(_wide(w), g)                    # N G L O/G
    out = out.transpose(0, 1, 3, 2).reshape(n, o, *out_size)
    if b is not None:
        out = out + _wide(b).reshape((-1,) + (1,) * len(out_size))
    return out.astype(x.dtype)


def _out_size(x_shape, w_shape, geo):
    return tuple((n + lo + hi - d * (k - 1) - 1) // s + 1
                 for n, k, (lo, hi), s, d in zip(x_shape[2:], w_shape[2:], geo.padding, geo.stride, geo.dilation))


# ---- torch's slow_conv2d ------------------------------------------------------------------------------------------
# Where torch does not call oneDNN (float64 always, float32 for one small image) it runs slow_conv2d (or
# slow_conv_dilated2d: the same products): group by group, each a contiguous copy of its channels, image by image,
# MKL's gemm on the columns (im2col), into buffers its allocator aligns to 64 bytes: MKL's sums depend on where
# the result starts.  With MKL loaded gradcli makes the same calls, so values and all three gradients are the bits
# of torch on one thread (on more, MKL splits some long sums across them: see the README); without MKL, float32
# forwards take gemm.py's fitted order and the rest the paths above.

ALIGNMENT = 64  # bytes, torch's CPU allocator


def _uses_slow_conv(dtype, x_shape, w_shape, geo):
    if dtype == np.float32:
        return not _uses_onednn(x_shape, w_shape, geo)
    return dtype == np.float64 and mkl.library() is not None


def _aligned(values):
    """A copy of values at a 64-byte boundary, as torch allocates."""
    size = values.size * values.dtype.itemsize
    raw = np.empty(size + ALIGNMENT, np.uint8)
    start = -raw.ctypes.data % ALIGNMENT
    out = raw[start:start + size].view(values.dtype).reshape(values.shape)
    out[...] = values
    return out


def _group(a, group, groups):
    """Group `group`'s channels of a (N, C, ...)."""
    size = a.shape[1] // groups
    return a[:, group * size:(group + 1) * size]


def _frames(x, kernel, out_size, geo):
    """torch's finput: im2col of x (N, C, *size), (N, C * kernel taps, positions), aligned."""
    windows = _windows(_pad(x, geo.padding), kernel, geo.stride, geo.dilation)
    windows = windows[(slice(None), slice(None)) + tuple(slice(0, n) for n in out_size)]
    return _aligned(_columns(windows, 1)[:, 0].transpose(0, 2, 1))


def _slow_conv_forward(x, w, b, geo):
    """(N, O, positions): per group and image, out = bias; out += weight (O/G x C/G*K) @ columns."""
    out_size, w = _out_size(x.shape, w.shape, geo), _aligned(w)
    outs = []
    for group in range(geo.groups):
        columns = _frames(_group(x, group, geo.groups), w.shape[2:], out_size, geo)
        weight = _group(w[None], group, geo.groups)[0].reshape(-1, columns.shape[1])
        bias = None if b is None else _group(b[None], group, geo.groups).T
        out = _aligned(np.empty((x.shape[0], weight.shape[0], columns.shape[2]), x.dtype))
        for image, result in zip(columns, out):
            product(weight, image, bias, out=result)
        outs.append(out)
    return np.concatenate(outs, 1)


def _slow_input_grad(g, w, input_shape, geo):
    """Per group and image, columns = weight^T @ grad (zeroed, beta 0), added tap by tap into the input."""
    w, grads = _aligned(w), []
    for group in range(geo.groups):
        grad = _aligned(_group(g, group, geo.groups)).reshape(g.shape[0], -1, math.prod(g.shape[2:]))
        weight = _group(w[None], group, geo.groups)[0].reshape(grad.shape[1], -1)
        parts = _aligned(np.empty((g.shape[0], weight.shape[1], grad.shape[2]), g.dtype))
        for image, result in zip(grad, parts):
            product(weight.T, image, out=result)
        grads.append(_taps_added(parts, (g.shape[0], input_shape[1] // geo.groups) + input_shape[2:], g.shape[2:],
                                 w.shape[2:], geo))
    return np.concatenate(grads, 1)


def _slow_weight_grad(g, x, weight_shape, geo):
    """Per group, from zero, image by image: weight grad += grad (O/G x positions) @ columns^T (beta 1)."""
    grads = []
    for group in range(geo.groups):
        columns = _frames(_group(x, group, geo.groups), weight_shape[2:], g.shape[2:], geo)
        grad = _aligned(_group(g, group, geo.groups)).reshape(g.shape[0], -1, columns.shape[2])
        result = _aligned(np.zeros((grad.shape[1], columns.shape[1]), g.dtype))
        for image, columns_image in zip(grad, columns):
            product(image, columns_image.T, result, out=result)
        grads.append(result)
    return np.concatenate(grads).reshape(weight_shape)


def _conv_input_grad(g, w, input_shape, geo):
    """conv_transpose(g, w): each kernel tap's contribution added where that tap read the padded input."""
    if _uses_slow_conv(g.dtype, input_shape, w.shape, geo) and mkl_linalg.blas_available(g, w):
        return _slow_input_grad(g, w, input_shape, geo)
    fitted = g.dtype == np.float32 and _onednn_fitted(input_shape, w.shape, geo)
    if fitted and not (_strided(geo) and _dilated(geo)) and math.prod(g.shape) * math.prod(w.shape[1:]) <= EXACT_LIMIT:
        with np.errstate(over="ignore", invalid="ignore"):
            return _onednn_input_grad(g, w, input_shape, geo)
    parts = _kernel_matrix(_wide(w), geo.groups) @ _grouped(_wide(g), geo.groups)       # N G C/G*K L
    return _taps_added(parts.reshape(g.shape[0], -1, parts.shape[-1]), input_shape, g.shape[2:], w.shape[2:],
                       geo).astype(g.dtype)


def _taps_added(parts, input_shape, out_size, kernel, geo):
    """The input gradient from columns (N, C * kernel taps, positions): from zero, tap by tap, each tap's column
    added where that tap read the padded input (torch's col2im), in the columns' dtype."""
    padded_shape = input_shape[:2] + tuple(n + lo + hi for n, (lo, hi) in zip(input_shape[2:], geo.padding))
    grad = np.zeros(padded_shape, parts.dtype)
    parts = np.moveaxis(parts.reshape(input_shape[0], input_shape[1], math.prod(kernel), -1), 2, 0)   # K N C L
    for part, tap in zip(parts, np.ndindex(*kernel)):
        grad[_tap_slices(tap, out_size, geo.stride, geo.dilation)] += part.reshape(part.shape[:2] + tuple(out_size))
    crop = (slice(None), slice(None)) + tuple(slice(lo, lo + n) for n, (lo, _) in zip(input_shape[2:], geo.padding))
    return grad[crop]


# ---- oneDNN's gradients ------------------------------------------------------------------------------------------
# Fitted by black-box experiments with torch on one thread (tests/golden/gen_conv_bits.py; torch's goldens are
# recorded so): the input gradient is, at each input, one chain of fused multiply-adds from zero over the taps
# that read it, per block of eight output channels (all channels at once when strided), over the kernel's rows,
# columns, then the block's channels; the weight gradient one chain over the batch, then the output positions;
# the bias gradient a float32 sum in the same order.  Dilated convolutions' weight and bias gradients, strided
# and dilated ones' input gradients are summed otherwise (float64, rounded once).

CHAIN_LIMIT = 4096  # steps of the weight gradient's chain (batch x positions): each costs ~17 µs of NumPy calls


def _onednn_fitted(x_shape, w_shape, geo):
    """Whether torch computes a float32 convolution's gradients with oneDNN, for channel groups whose orders
    are fitted."""
    per_group = w_shape[1]
    return _uses_onednn(x_shape, w_shape, geo) and (geo.groups == 1 or per_group == 1 or per_group % CHANNEL_BLOCK == 0)


def _strided(geo):
    return any(s > 1 for s in geo.stride)


def _dilated(geo):
    return any(d > 1 for d in geo.dilation)


def _onednn_input_grad(g, w, input_shape, geo):
    padded_shape = input_shape[:2] + tuple(n + lo + hi for n, (lo, hi) in zip(input_shape[2:], geo.padding))
    grad = np.zeros(padded_shape, np.float32)
    og, cg, kernel = w.shape[0] // geo.groups, w.shape[1], w.shape[2:]
    block = og if _strided(geo) else CHANNEL_BLOCK
    for group in range(geo.groups):
        channels = slice(group * cg, (group + 1) * cg)
        for first in range(group * og, (group + 1) * og, block):
            for tap in np.ndindex(*kernel):
                where = _tap_slices(tap, g.shape[2:], geo.stride, geo.dilation)
                where = (where[0], channels) + where[2:]
                for o in range(first, min(first + block, (group + 1) * og)):
                    weight = w[(o, slice(None)) + tap].reshape((1, cg) + (1,) * len(kernel))
                    grad[where] = fma(g[:, o:o + 1], weight, grad[where])
    crop = (slice(None), slice(None)) + tuple(slice(lo, lo + n) for n, (lo, _) in zip(input_shape[2:], geo.padding))
    return grad[crop]


def _onednn_weight_grad(g, x, weight_shape, geo):
    grads = []
    for group in range(geo.groups):
        windows = _windows(_pad(_group(x, group, geo.groups), geo.padding), weight_shape[2:], geo.stride,
                           geo.dilation)
        windows = windows[(slice(None), slice(None)) + tuple(slice(0, n) for n in g.shape[2:])]
        columns = _columns(windows, 1)[:, 0].reshape(-1, math.prod(weight_shape[1:]))     # N*L x C/G*K
        grad = np.moveaxis(_group(g, group, geo.groups), 1, 0).reshape(-1, columns.shape[0])  # O/G x N*L
        grads.append(_fused_chain(grad, columns))
    return np.concatenate(grads).reshape(weight_shape)


def _conv_weight_grad(g, x, weight_shape, geo):
    """Per group, the output gradient (O/G x N*L) @ the input's columns (N*L x C/G*K)."""
    if _uses_slow_conv(g.dtype, x.shape, weight_shape, geo) and mkl_linalg.blas_available(g, x):
        return _slow_weight_grad(g, x, weight_shape, geo)
    if g.dtype == np.float32 and _onednn_fitted(x.shape, weight_shape, geo) and not _dilated(geo) and \
            g.shape[0] * math.prod(g.shape[2:]) <= CHAIN_LIMIT:
        with np.errstate(over="ignore", invalid="ignore"):
            return _onednn_weight_grad(g, x, weight_shape, geo)
    win = _windows(_pad(_wide(x), geo.padding), weight_shape[2:], geo.stride, geo.dilation)
    win = win[(slice(None), slice(None)) + tuple(slice(0, n) for n in g.shape[2:])]    # the windows g covers
    groups = geo.groups
    cols = _columns(win, groups).transpose(1, 0, 2, 3).reshape(groups, -1, math.prod(weight_shape[1:]))
    grads = _grouped(_wide(g), groups).transpose(1, 2, 0, 3).reshape(groups, weight_shape[0] // groups, -1)
    return (grads @ cols).reshape(weight_shape).astype(g.dtype)


def _bias_grad(g, groups, onednn):
    """torch's sum over the batch and positions, group by group (each a contiguous copy of its channels); for
    float32 oneDNN's, one sum from zero over the batch, then the positions in order."""
    if onednn and g.dtype == np.float32:
        return np.add.accumulate(np.moveaxis(g, 1, 0).reshape(g.shape[1], -1), axis=1)[:, -1] + g.dtype.type(0)
    axes = (0,) + tuple(range(2, g.ndim))
    return np.concatenate([torch_sum(np.ascontiguousarray(_group(g, group, groups)), axes) for group in range(groups)])


def _weight_grad_of_input_grad(input_grad, grad, weight_shape, geo):
    """The input gradient's vjp in the weight as torch's _convolution_double_backward computes it: per group, a
    convolution of the input's cotangent (channels as the batch) with the output gradient (the batch as its
    channels), stride and dilation swapped; transposed back, narrowed to the kernel."""
    swapped = Geometry(geo.dilation, geo.padding, geo.stride, 1)
    inputs, grads = input_grad.transpose(0, 1), grad.transpose(0, 1)
    c, o = inputs.shape[0] // geo.groups, grads.shape[0] // geo.groups
    parts = [R["convolution"](inputs[group * c:(group + 1) * c], grads[group * o:(group + 1) * o], None,
                              params=(swapped,)) for group in range(geo.groups)]
    out = (parts[0] if geo.groups == 1 else R["cat"](*parts, params=(1,))).transpose(0, 1)
    return out[(slice(None), slice(None)) + tuple(slice(0, k) for k in weight_shape[2:])]


rule("conv_input_grad", Rule(
    "ConvolutionBackwardBackward0", _conv_input_grad,
    lambda h, _, g, w, input_shape, geo: R["convolution"](h, w, None, params=(geo,)),
    lambda h, _, g, w, input_shape, geo: _weight_grad_of_input_grad(h, g, w.shape, geo),
    save="inputs", formulas=("conv(grad, b)", "grad of conv(grad, w) with respect to w at a"),
    saved_names=("grad_output", "weight", "input_sizes", "geometry")))
rule("conv_weight_grad", Rule(
    "ConvolutionBackwardBackward0", _conv_weight_grad,
    lambda h, _, g, x, weight_shape, geo: R["convolution"](x, h, None, params=(geo,)),
    lambda h, _, g, x, weight_shape, geo: R["conv_input_grad"](g, h, params=(x.shape, geo)),
    save="inputs", formulas=("conv(b, grad)", "conv_transpose(a, grad)"),
    saved_names=("grad_output", "input", "weight_sizes", "geometry")))
rule("conv_bias_grad", Rule(
    "ConvolutionBackwardBackward0", _bias_grad,
    lambda h, _, g, groups, onednn: h.reshape((1, -1) + (1,) * (len(g.shape) - 2)).expand(g.shape),
    save=None, formulas=("grad broadcast over the batch and positions",),
    saved_names=("grad_output", "groups", "onednn")))
rule("convolution", Rule(
    "ConvolutionBackward0", _conv_forward,
    lambda g, _, x, w, b, geo: R["conv_input_grad"](g, w, params=(x.shape, geo)),
    lambda g, _, x, w, b, geo: R["conv_weight_grad"](g, x, params=(w.shape, geo)),
    lambda g, _, x, w, b, geo: R["conv_bias_grad"](g, params=(geo.groups, _onednn_fitted(x.shape, w.shape, geo)
                                                              and not _dilated(geo))),
    reads=((1,), (0,), ()), formulas=("conv_transpose(grad, b)", "correlation of grad with a's windows",
                                      "grad summed over the batch and positions"),
    saved_names=("input", "weight", "bias", "geometry")))


# ---- conv1d, conv2d ---------------------------------------------------------------------------------------------

SAME_PADDING_COPY = ("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded copy of "
                     "the input be created (Triggered internally at "
                     "/__w/pytorch/pytorch/aten/src/ATen/native/Convolution.cpp:1101.)")


def _same_padding(kernel, dilation, stride):
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    totals = [d * (k - 1) for k, d in zip(kernel, dilation)]
    if any(t % 2 for t in totals):
        warnings.warn(SAME_PADDING_COPY, UserWarning, stacklevel=4)
    return tuple((t // 2, t - t // 2) for t in totals)  # torch puts the odd one on the right


def _padding(padding, kernel, stride, dilation):
    n = len(kernel)
    if isinstance(padding, str):
        if padding == "valid":
            return ((0, 0),) * n
        if padding == "same":
            return _same_padding(kernel, dilation, stride)
        raise RuntimeError(f"Invalid padding string: '{padding}'")
    return tuple((p, p) for p in _tuple(padding, n, "padding"))


def convolution(name, n, input, weight, bias, stride, padding, dilation, groups):
    """conv{n}d: checks as torch words them, then one ConvolutionBackward0 node (unbatched input: unsqueezed
    to a batch of one and squeezed back, as torch does)."""
    for arg, what in ((input, "input"), (weight, "weight")):
        if not isinstance(arg, Tensor):
            raise TypeError(f"{name}() argument '{what}' (position {1 if what == 'input' else 2}) must be Tensor, "
                            f"not {type(arg).__name__}")
    if input.ndim not in (n + 1, n + 2):
        raise RuntimeError(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to {name}, but got input of "
                           f"size: {shape_str(input.shape)}")
    if weight.ndim < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if weight.ndim != n + 2:  # torch sizes the convolution by the weight, so the stride does not fit
        raise RuntimeError(f"expected stride to be a single integer value or a list of {weight.ndim - 2} values to "
                           f"match the convolution dimensions, but got stride={list(_tuple(stride, n, 'stride'))}")
    batched = input.ndim == n + 2
    x = input if batched else input.unsqueeze(0)
    if not isinstance(groups, int) or groups < 1:
        raise RuntimeError("non-positive groups is not supported")
    if weight.shape[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but "
                           f"got weight of size [{shape_str(weight.shape)}] instead")  # torch's double brackets
    if x.shape[1] != weight.shape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {shape_str(weight.shape)}, expected "
                           f"input{shape_str(x.shape)} to have {weight.shape[1] * groups} channels, but got "
                           f"{x.shape[1]} channels instead")
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != weight.shape[0]):
        raise RuntimeError(f"Given weight of size {shape_str(weight.shape)}, expected bias to be 1-dimensional with "
                           f"{weight.shape[0]} elements, but got bias of size {shape_str(bias.shape)} instead")
    kernel = tuple(weight.shape[2:])
    stride, dilation = _tuple(stride, n, "stride"), _tuple(dilation, n, "dilation")
    if min(stride) < 1:
        raise RuntimeError("non-positive stride is not supported")
    pads = _padding(padding, kernel, stride, dilation)
    padded = [size + lo + hi for size, (lo, hi) in zip(x.shape[2:], pads)]
    if any(p < d * (k - 1) + 1 for p, k, d in zip(padded, kernel, dilation)):
        raise RuntimeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). Kernel size: "
                           f"({' x '.join(str(d * (k - 1) + 1) for k, d in zip(kernel, dilation))}). Kernel size "
                           "can't be greater than actual input size")
    if weight.dtype is not x.dtype:
        raise RuntimeError(f"expected scalar type {x.dtype.legacy_name[:-6]} but found {weight.dtype.legacy_name[:-6]}")
    if bias is not None and bias.dtype is not x.dtype:
        raise RuntimeError(f"Input type ({x.dtype.c_name}) and bias type ({bias.dtype.c_name}) should be the same")
    out = R["convolution"](x, weight, bias, params=(Geometry(stride, pads, dilation, groups),))
    return out if batched else out.squeeze(0)


@op("conv2d", method=False, namespaces=NN, tensors=2)
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return convolution("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


@op("conv1d", method=False, namespaces=NN, tensors=2)
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return convolution("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


# ---- pooling --------------------------------------------------------------------------------------------------

def _pooling(name, input, kernel_size, stride, padding, dilation, ceil_mode, count_include_pad=True,
             divisor_override=None):
    """torch's pooling arguments checked and resolved: the output size (ceil_mode: one more window where it
    starts inside the input or the left padding) and the right padding that covers the last window."""
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if input.ndim not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    kernel = _tuple(kernel_size, 2, "kernel_size")
    stride = kernel if stride is None or stride == [] or stride == () else _tuple(stride, 2, "stride")
    if 0 in stride:
        raise RuntimeError("stride should not be zero")
    pad, dilation = _tuple(padding, 2, "padding"), _tuple(dilation, 2, "dilation")
    if any(p > (d * (k - 1) + 1) // 2 for p, k, d in zip(pad, kernel, dilation)):
        raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={pad[0]}, "
                           f"kernel_size={kernel[0]} and dilation={dilation[0]}")
    sizes, outs, padding = input.shape[-2:], [], []
    for n, k, s, p, d in zip(sizes, kernel, stride, pad, dilation):
        out = (n + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
        if ceil_mode and (out - 1) * s >= n + p:
            out -= 1
        outs.append(out)
        padding.append((p, max(p, (out - 1) * s + d * (k - 1) + 1 - n - p)))
    if min(outs) < 1:
        raise RuntimeError(f"Given input size: ({'x'.join(map(str, input.shape[-3:]))}). Calculated output size: "
                           f"({input.shape[-3]}x{'x'.join(map(str, outs))}). Output size is too small")
    return Pooling(kernel, stride, tuple(padding), dilation, count_include_pad, divisor_override)


def _planes(a):
    """(N, C, H, W) or (C, H, W) -> a 4-d view (the pooling kernels take both, as torch's do)."""
    return a.reshape((-1,) + a.shape[-3:])


def _max_indices(x, pool):
    """The flat index (into each input plane) of every window's first maximum (a NaN counts as the maximum)."""
    lowest = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    win = _windows(_pad(_planes(x), pool.padding, lowest), pool.kernel, pool.stride, pool.dilation)
    taps = win.reshape(*win.shape[:4], -1)
    tap = np.argmax(np.where(np.isnan(taps), np.inf, taps), axis=-1)
    kh, kw = np.divmod(tap, pool.kernel[1])
    rows = np.arange(win.shape[2])[:, None] * pool.stride[0] - pool.padding[0][0] + kh * pool.dilation[0]
    cols = np.arange(win.shape[3])[None, :] * pool.stride[1] - pool.padding[1][0] + kw * pool.dilation[1]
    return (rows * x.shape[-1] + cols).reshape(x.shape[:-2] + win.shape[2:4])


def _gather(x, indices):
    lead = indices.shape[:-2]
    return np.take_along_axis(x.reshape(*lead, -1), indices.reshape(*lead, -1), axis=-1).reshape(indices.shape)


def _scatter(g, x, indices):
    """Each gradient added at its window's maximum (np.add.at: overlapping windows may share one)."""
    input_shape = x.shape
    plane = input_shape[-2] * input_shape[-1]
    planes = math.prod(input_shape[:-2])
    flat = (np.arange(planes).reshape(indices.shape[:-2] + (1, 1)) * plane + indices).ravel()
    out = np.zeros(planes * plane, g.dtype)
    np.add.at(out, flat, g.ravel())
    return out.reshape(input_shape)


def _zeros(meta):
    """torch's zeros_like(self): a pooling's backward does not depend on the input's values."""
    return _make(np.zeros(meta.shape, meta.np_dtype))


rule("max_pool2d_backward", Rule(
    "MaxPool2DWithIndicesBackwardBackward0", _scatter,
    lambda h, _, g, x, indices: R["max_pool2d"](h, params=(indices,)),
    lambda h, _, g, x, indices: _zeros(x),
    save=None, formulas=("grad at the indices the forward chose", "0"), saved_names=("grad_output", "self", "indices")))


@op("max_pool2d", method=False, namespaces=NN, rules=dict(max_pool2d=Rule(
    "MaxPool2DWithIndicesBackward0", _gather,
    lambda g, _, x, indices: R["max_pool2d_backward"](g, x, params=(indices,)),
    formulas=("1 at each window's maximum, 0 elsewhere",), saved_names=("self", "result1"))))
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    pool = _pooling("max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode)
    indices = _max_indices(input._data, pool)
    out = R["max_pool2d"](input, params=(indices,))
    return (out, _make(indices)) if return_indices else out


def _divisors(input_shape, pool):
    """torch's avg_pool divisor per output position: the window's size clipped to the padded input
    (count_include_pad) or to the input, unless divisor_override says otherwise."""
    if pool.divisor_override:
        return pool.divisor_override
    per_dim = []
    for n, o, k, s, (p, _) in zip(input_shape[-2:], _out_sizes(input_shape, pool), pool.kernel, pool.stride,
                                  pool.padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, n + p)
        size = end - start
        if not pool.count_include_pad:
            size = np.minimum(end, n) - np.maximum(start, 0)
        per_dim.append(size)
    return np.multiply.outer(*per_dim)


def _out_sizes(input_shape, pool):
    return [(n + lo + hi - d * (k - 1) - 1) // s + 1 for n, (lo, hi), k, s, d in
            zip(input_shape[-2:], pool.padding, pool.kernel, pool.stride, pool.dilation)]


def _avg_pool(x, pool):
    """Each window summed tap by tap in x's dtype (torch's CPU kernel's order), then divided."""
    padded = _pad(_planes(x), pool.padding)
    out = _out_sizes(x.shape, pool)
    total = np.zeros(padded.shape[:2] + tuple(out), x.dtype)
    for tap in np.ndindex(*pool.kernel):
        total += padded[_tap_slices(tap, out, pool.stride, pool.dilation)]
    divisor = np.asarray(_divisors(x.shape, pool)).astype(x.dtype)
    if x.dtype.kind != "f":  # C++'s integer division, truncated toward zero
        return (np.sign(total) * (np.abs(total) // divisor)).astype(x.dtype).reshape(x.shape[:-2] + tuple(out))
    return (total / divisor).reshape(x.shape[:-2] + tuple(out))


def _avg_pool_backward(g, input_shape, pool):
    """Each output's gradient / its divisor, added to every position its window covers, in float32 in the
    order of torch's kernel (outputs in order, so at one input the windows that cover it, last tap first)."""
    share = _planes(g / np.asarray(_divisors(input_shape, pool)).astype(g.dtype))
    shape = _planes(np.empty(input_shape, np.bool_)).shape
    padded = np.zeros(shape[:2] + tuple(n + lo + hi for n, (lo, hi) in zip(shape[2:], pool.padding)), g.dtype)
    for tap in reversed(list(np.ndindex(*pool.kernel))):  # torch adds in output order: the last tap first
        padded[_tap_slices(tap, g.shape[-2:], pool.stride, pool.dilation)] += share
    crop = (slice(None), slice(None)) + tuple(slice(lo, lo + n) for n, (lo, _) in zip(shape[2:], pool.padding))
    return padded[crop].reshape(input_shape)


rule("avg_pool2d_backward", Rule(
    "AvgPool2DBackwardBackward0", lambda g, x, pool: _avg_pool_backward(g, x.shape, pool),
    lambda h, _, g, x, pool: R["avg_pool2d"](h, params=(pool,)),
    lambda h, _, g, x, pool: _zeros(x),
    save=None, formulas=("average of grad over each window", "0"), saved_names=("grad_output", "self", "pooling")))


@op("avg_pool2d", method=False, namespaces=("torch.nn.functional",), rules=dict(avg_pool2d=Rule(
    "AvgPool2DBackward0", _avg_pool,
    lambda g, _, x, pool: R["avg_pool2d_backward"](g, x, params=(pool,)),
    formulas=("1 / window size at each position a window covers",), saved_names=("self", "pooling"))))
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    pool = _pooling("avg_pool2d", input, kernel_size, stride, padding, 1, ceil_mode, count_include_pad,
                    divisor_override)
    return R["avg_pool2d"](input, params=(pool,))
