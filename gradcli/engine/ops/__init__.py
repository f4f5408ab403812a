"""The differentiable ops, one module per family. Each op is declared once, beside its public function (see
gradcli/engine/rules.py for what a declaration holds); importing this package fills the rule table R.

    pointwise    exp, log, sin, atan, erf, ..., abs, relu, floor, round, clamp: elementwise, of one tensor
    activations  leaky_relu, elu, silu, softplus, gelu, hardtanh, relu6, prelu (torch.nn.functional's)
    arithmetic   + - * / ** %, maximum, minimum, atan2, hypot, where, comparisons
    reductions   sum, mean, prod, max/min, argmax, norm, softmax, any/all, cumsum
    linalg       matmul, mm, bmm, mv, dot, outer, addmm, linalg.solve, linalg.lstsq
    shapes       view, reshape, squeeze, expand, transpose, permute, flip, tril, triu, clone, to, cat, stack
    convolution  conv1d, conv2d, max_pool2d, avg_pool2d
    indexing     x[key], select
    inplace      x[key] = v and the in-place methods (add_, ...), writes through views
    shared       argument handling and vjp helpers the families share

Losses are ops too, declared in gradcli/engine/nn_functional.py (torch.nn.functional).
"""

from ..rules import R  # noqa: F401  (the rule table, for tests and `explain`)
from . import activations, arithmetic, convolution, indexing, inplace, linalg, pointwise, reductions, shapes  # noqa: F401
