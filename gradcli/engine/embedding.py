"""torch.nn.functional.embedding: rows of a weight matrix looked up by index (torch's Embedding.cpp, CPU).
Imported at the first call of embedding (gradcli/torch/nn/functional.py)."""

import numpy as np

from . import dtypes
from .ops.indexing import index_tensor
from .ops.shared import where_or_zero
from .kernels import fma
from .reduce import torch_norm
from .rules import R, Rule, op, rule
from .tensor import Tensor


def _embedding_dense_backward(g, indices, num_weights, padding_idx, scale_grad_by_freq):
    """embedding_dense_backward_cpu: zeros, then grad's rows added into the rows their indices name, in the
    indices' order (a repeated index accumulates); the padding index's row gets nothing. With scale_grad_by_freq
    each row added is scaled by 1 / (its index's count), in double then the dtype, by add's fused multiply-add."""
    flat = indices.reshape(-1)
    rows = np.ascontiguousarray(g).reshape(flat.size, g.shape[-1])
    out = np.zeros((num_weights, g.shape[-1]), g.dtype)
    kept = flat != padding_idx
    if not scale_grad_by_freq:
        np.add.at(out, flat[kept], rows[kept])
        return out
    scales = (1.0 / np.bincount(flat, minlength=num_weights)).astype(g.dtype)
    flat, rows = flat[kept], rows[kept]
    order = np.argsort(flat, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(flat[order]) != 0])
    occurrence = np.arange(flat.size) - np.repeat(starts, np.diff(np.r_[starts, flat.size]))
    for j in range(occurrence.max(initial=-1) + 1):  # the j-th occurrences name distinct rows: one step each
        taken = order[occurrence == j]
        at = flat[taken]
        out[at] = np.asarray(fma(rows[taken], scales[at][:, None], out[at])).astype(g.dtype)
    return out


def _rows_of(gg, indices, padding_idx):
    """embedding_dense_double_backward: gg's rows at the indices, the padding index's rows zero."""
    flat = indices._data.reshape(-1)
    rows = index_tensor(gg, (flat,))
    if padding_idx >= 0:
        rows = where_or_zero(np.broadcast_to((flat != padding_idx)[:, None], rows.shape), rows)
    return rows.reshape(*indices.shape, gg.shape[-1])


# torch's double backward takes the rows unscaled also with scale_grad_by_freq ("first backward takes care of
# scaling by frequency", FunctionsManual.cpp): so does gradcli's
rule("embedding_backward", Rule(
    "EmbeddingDenseBackwardBackward0", _embedding_dense_backward,
    lambda gg, _, g, indices, num_weights, padding_idx, scale_grad_by_freq: _rows_of(gg, indices, padding_idx), None,
    reads=((1,), ()), formulas=("grad[b]  (the rows at the indices b; the padding index's zero)", "0"),
    saved_names=("grad_output", "indices", "num_weights", "padding_idx", "scale_grad_by_freq")))


@op("embedding", method=False, namespaces=("torch.nn.functional",), rules=dict(embedding=Rule(
    "EmbeddingBackward0", lambda w, indices, padding_idx, scale_grad_by_freq: w[indices],
    lambda g, out, w, indices, padding_idx, scale_grad_by_freq: R["embedding_backward"](
        g, indices, params=(w.shape[0], padding_idx, scale_grad_by_freq)),
    None, reads=((1,), ()),
    formulas=("zeros(a.shape) with grad's rows added at the rows b names (repeated indices add up; none at "
              "padding_idx)", "0"),
    saved_names=("weight", "indices", "padding_idx", "scale_grad_by_freq"))))
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    """torch.nn.functional.embedding: weight's rows at the indices in input, shaped input.shape + (dim,); with
    max_norm, the rows looked up are first renormalised in place (embedding_renorm_)."""
    if sparse:
        raise NotImplementedError("gradcli has no sparse tensors: embedding(sparse=True) is not supported")
    for name, position, t in (("indices", 2, input), ("weight", 1, weight)):  # torch.embedding(weight, indices)
        if not isinstance(t, Tensor):
            raise TypeError(f"embedding(): argument '{name}' (position {position}) must be Tensor, not "
                            f"{type(t).__name__}")
    num_weights = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif padding_idx > 0:
        assert padding_idx < num_weights, "Padding_idx must be within num_embeddings"
    elif padding_idx < 0:
        assert padding_idx >= -num_weights, "Padding_idx must be within num_embeddings"
        padding_idx = num_weights + padding_idx
    if weight.ndim != 2:
        raise RuntimeError("'weight' must be 2-D")
    if input.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {input.type()} instead (while checking arguments for embedding)")
    indices = input._data
    if indices.size and (indices.min() < 0 or indices.max() >= num_weights):
        raise IndexError("index out of range in self")
    if max_norm is not None:
        _renorm(weight._data, indices, max_norm, norm_type)
    return R["embedding"](weight, input, params=(padding_idx, bool(scale_grad_by_freq)), arrays=(weight._data, indices))


def _renorm(weight, indices, max_norm, norm_type):
    """embedding_renorm_cpu_, in place and unrecorded: each row looked up (once, in sorted order) whose norm
    exceeds max_norm is multiplied by max_norm / (norm + 1e-7) (a double, rounded to the weight's dtype)."""
    for row in np.unique(indices):
        norm = float(torch_norm(weight[row], norm_type))
        if norm > max_norm:
            weight[row] *= weight.dtype.type(max_norm / (norm + 1e-7))
