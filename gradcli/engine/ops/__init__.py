"""The differentiable ops, one module per family. Each op is declared once, beside its public function (see
gradcli/engine/rules.py for what a declaration holds); importing this package fills the rule table R with
the families every command may need, and DEFERRED below names the others, imported when first used.

    pointwise    exp, log, sin, atan, erf, ..., abs, relu, floor, round, clamp: elementwise, of one tensor
    activations  leaky_relu, elu, silu, softplus, gelu, hardtanh, relu6, prelu (torch.nn.functional's)
    arithmetic   + - * / ** %, maximum, minimum, atan2, hypot, where, comparisons
    reductions   sum, mean, prod, max/min, argmax, norm, softmax, any/all, cumsum
    linalg       matmul, mm, bmm, mv, dot, outer, addmm, linalg.solve, linalg.lstsq
    shapes       view, reshape, squeeze, expand, transpose, permute, flip, tril, triu, clone, to, cat, stack
    convolution  conv1d, conv2d, max_pool2d, avg_pool2d
    sorting      sort, argsort, msort, topk, kthvalue, median (ties in the order torch's kernels leave them)
    indexing     x[key], select, split, chunk, unbind, narrow
    inplace      x[key] = v and the in-place methods (add_, ...), writes through views
    shared       argument handling and vjp helpers the families share

Losses are ops too, declared in gradcli/engine/nn_functional.py (torch.nn.functional), as are layer_norm.py
and embedding.py.
"""

import importlib

from ..rules import R  # noqa: F401  (the rule table, for tests and `explain`)
from . import arithmetic, indexing, inplace, pointwise, reductions, shapes  # noqa: F401

# Families imported at the first read of a name they declare (in gradcli.torch, torch.nn.functional or Tensor's
# methods): few scripts and expressions use them, and importing them cost every command some 7 M instructions
# (2 ms) at its start. {module: {namespace: its names there}}, "Tensor" for methods; tests/engine/test_registry.py
# checks the table against what the families declare.
DEFERRED = {
    "gradcli.engine.ops.activations": {
        "torch": ("prelu", "relu_"),
        "torch.nn.functional": ("elu", "elu_", "gelu", "hardtanh", "hardtanh_", "leaky_relu", "leaky_relu_", "prelu",
                                "relu", "relu6", "relu_", "silu", "softplus"),
        "Tensor": ("prelu",)},
    "gradcli.engine.ops.linalg": {
        "torch": ("addmm", "bmm", "dot", "matmul", "mm", "mv", "outer"),
        "torch.linalg": ("lstsq", "solve"),  # (gradcli.torch.linalg imports the family, itself imported when first read)
        "Tensor": ("addmm", "bmm", "dot", "matmul", "mm", "mv", "outer")},
    "gradcli.engine.ops.convolution": {
        "torch": ("conv1d", "conv2d", "max_pool2d"),
        "torch.nn.functional": ("avg_pool2d", "conv1d", "conv2d", "max_pool2d")},
    "gradcli.engine.ops.sorting": {
        "torch": ("argsort", "kthvalue", "median", "msort", "sort", "topk"),
        "Tensor": ("argsort", "kthvalue", "median", "msort", "sort", "topk")},
    "gradcli.engine.nn_functional": {
        "torch.nn.functional": ("batch_norm", "binary_cross_entropy", "binary_cross_entropy_with_logits",
                                "cross_entropy", "huber_loss", "l1_loss", "linear", "mse_loss", "nll_loss", "one_hot",
                                "smooth_l1_loss")},
    "gradcli.engine.layer_norm": {"torch.nn.functional": ("layer_norm",)},
    "gradcli.engine.embedding": {"torch.nn.functional": ("embedding",)},
}


def deferred(namespace):
    """{module: the names it declares in `namespace`}, of the deferred families that declare some there."""
    return {module: names[namespace] for module, names in DEFERRED.items() if namespace in names}


def load_deferred(module=None):
    """Import one deferred family (by its module's name), or all of them: then the rule table holds every rule."""
    for name in [module] if module else DEFERRED:
        importlib.import_module(name)
