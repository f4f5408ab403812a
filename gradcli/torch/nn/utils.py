"""torch.nn.utils: clipping gradients and flattening parameters, as torch 2.13's clip_grad.py and
convert_parameters.py compute them (on the CPU, grouped by dtype, the per-tensor paths)."""

import warnings

from gradcli.engine.factory import tensor as _tensor
from gradcli.engine.grad_mode import no_grad
from gradcli.engine.ops.pointwise import clamp
from gradcli.engine.ops.reductions import vector_norm
from gradcli.engine.ops.shapes import cat, stack
from gradcli.engine.tensor import Tensor


def _listed(parameters):
    return [parameters] if isinstance(parameters, Tensor) else list(parameters)


def _by_dtype(tensors):
    """The tensors grouped by dtype, groups in order of first appearance (torch groups by device and dtype)."""
    groups = {}
    for t in tensors:
        groups.setdefault(t.dtype, []).append(t)
    return list(groups.values())


@no_grad()
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scale the gradients in place so that their joint norm (the norm of their norms) is at most max_norm;
    returns that norm, before scaling."""
    is_generator = not isinstance(parameters, (Tensor, list, tuple))
    parameters = _listed(parameters)
    if is_generator and not parameters:
        warnings.warn("`parameters` is an empty generator, no gradient clipping will occur.", stacklevel=3)
    grads = [p.grad for p in parameters if p.grad is not None]
    norm_type = float(norm_type)
    if not grads:
        return _tensor(0.0)
    norms = [vector_norm(g, norm_type) for group in _by_dtype(grads) for g in group]
    total_norm = vector_norm(stack(norms), norm_type)
    if error_if_nonfinite and not total_norm.isfinite().item():
        raise RuntimeError(f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so "
                           "it cannot be clipped. To disable this error and scale the gradients by the non-finite "
                           "norm anyway, set `error_if_nonfinite=False`")
    clip_coef = clamp(float(max_norm) / (total_norm + 1e-6), max=1.0)
    for group in _by_dtype(grads):
        for g in group:
            g.mul_(clip_coef.to(g.dtype))
    return total_norm


@no_grad()
def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient in place to [-clip_value, clip_value]."""
    clip_value = float(clip_value)
    for group in _by_dtype(p.grad for p in _listed(parameters) if p.grad is not None):
        for g in group:
            g.clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters):
    """The parameters flattened and concatenated into one vector."""
    return cat([p.view(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    """The parameters' data set from consecutive slices of vec."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {type(vec).__name__}")
    pointer = 0
    for p in parameters:
        count = p.numel()
        p.data = vec[pointer:pointer + count].view_as(p).data
        pointer += count
