"""torch.nn.functional: activations and losses over the op table (each loss is one node, as in torch)."""

import warnings

import numpy as np

from . import ops
from .ops import R, Rule, log_softmax, relu, sigmoid, softmax, tanh  # noqa: F401  (re-exported as F.*)
from .tensor import Tensor

# bias + a @ b in one node, as torch records a linear layer on a batch (AddmmBackward0)
R["addmm"] = Rule("AddmmBackward0", lambda bias, a, b: np.matmul(a, b) + bias,
                  lambda g, out, bias, a, b: g, lambda g, out, bias, a, b: g.mm(b.t()),
                  lambda g, out, bias, a, b: a.t().mm(g), reads=((), (2,), (1,)))

_REDUCTIONS = ("mean", "sum", "none")


def _reduction(reduction, size_average=None, reduce=None):
    if reduce is False:
        return "none"
    if size_average is False:
        return "sum"
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _same_size(input, target):
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")


def _array(t, like):
    return None if t is None else np.broadcast_to(t._data if isinstance(t, Tensor) else np.asarray(t), like.shape).astype(like._data.dtype)


def linear(input, weight, bias=None):
    """input @ weight.T + bias, recorded as torch records it: with a bias, one addmm (any other input folded to a
    matrix and the result viewed back); without, a matmul."""
    if input.ndim == 2 and bias is not None:
        ops._same_dtype(input, weight)
        if input.shape[1] != weight.shape[1]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({input.shape[0]}x{input.shape[1]} and "
                               f"{weight.shape[1]}x{weight.shape[0]})")
        return R["addmm"](bias, input, weight.t())
    if bias is not None:
        flat = linear(input.reshape(-1, input.shape[-1]), weight, bias)
        return flat.view(*input.shape[:-1], weight.shape[0])
    return ops.matmul(input, weight.t())


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    _same_size(input, target)
    arrays = ops._operands(input, target)
    return R["bce_logits"](input, target, arrays=arrays,
                           params=(_array(weight, input), _array(pos_weight, input), _reduction(reduction, size_average, reduce)))


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input size ({input.shape}) "
                         "is deprecated. Please ensure they have the same size.")
    if ((input._data < 0) | (input._data > 1)).any():
        raise RuntimeError("all elements of input should be between 0 and 1")
    arrays = ops._operands(input, target)
    return R["bce"](input, target, arrays=arrays, params=(_array(weight, input), _reduction(reduction, size_average, reduce)))


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size ({input.shape}). "
                      "This will likely lead to incorrect results due to broadcasting. Please ensure they have the "
                      "same size.", UserWarning, stacklevel=2)
    arrays = ops._operands(input, target)
    try:
        return R["mse"](input, target, arrays=arrays, params=(_reduction(reduction, size_average, reduce),))
    except ValueError:
        raise ops._broadcast_error(*arrays) from None


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    loss = (input - target).abs()  # torch records l1_loss as these ops (MeanBackward0 <- AbsBackward0)
    reduction = _reduction(reduction, size_average, reduce)
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    if target.dtype.is_floating_point:
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target.dtype.legacy_name[:-6]}")
    if target.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input.ndim == 2 and target.ndim == 1 and input.shape[0] != target.shape[0]:
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size ({target.shape[0]}).")
    classes = input.shape[-1] if input.ndim else 0
    bad = (target._data != ignore_index) & ((target._data < 0) | (target._data >= classes))
    if bad.any():
        raise IndexError(f"Target {int(target._data[bad].reshape(-1)[0])} is out of bounds.")
    w = None if weight is None else weight._data
    return R["nll"](input, target, params=(w, _reduction(reduction, size_average, reduce), ignore_index))


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    dim = 1 if input.ndim > 1 else 0
    return nll_loss(log_softmax(input, dim), target, weight, size_average, ignore_index, reduce, reduction)
