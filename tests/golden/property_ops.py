"""The property corpus's cases: every rule of the table (gradcli.engine.rules.R), applied through the public API to
random shapes (broadcasting included) and values. Shared by the generator (tests/golden/gen_property.py, run once
under real torch) and the test replaying it (tests/engine/test_property_corpus.py, under gradcli.torch): a case
is written once, against a `torch` module given as an argument.

A case draws, from a NumPy Generator, its inputs' shapes and domains and its keyword arguments; `fn(torch, F,
inputs, **kw)` returns the output. Floating inputs require grad; integer and boolean inputs are indices, targets
and conditions. Cases for rules that only backward formulas use (tanh_backward, embed, ...) return a gradient taken
with create_graph=True, so the corpus's own backward runs through them.
"""

from dataclasses import dataclass
from typing import Callable

DTYPES = ("float32", "float64")
DRAWS = 4  # random draws per case and dtype
SIZES = (1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33)
MAX_ELEMENTS = 3000


@dataclass
class Case:
    name: str           # unique; the test ids and the corpus keys
    rule: str           # the key of R the case exercises
    fn: Callable        # (torch, F, inputs, **kw) -> output tensor
    draw: Callable      # rng -> ([(shape, domain), ...], kw)


# ---- shapes ---------------------------------------------------------------------------------------------------

def shape(rng, min_dims=0, max_dims=3):
    while True:
        dims = tuple(int(rng.choice(SIZES)) for _ in range(int(rng.integers(min_dims, max_dims + 1))))
        if _numel(dims) <= MAX_ELEMENTS:
            return dims


def _numel(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def broadcast_pair(rng):
    """Two shapes that broadcast together: cut from one shape, with leading dims dropped and some dims set to 1."""
    full = shape(rng, 1, 3)

    def cut():
        keep = full[int(rng.integers(0, len(full) + 1)):] if rng.random() < 0.5 else full
        return tuple(1 if rng.random() < 0.3 else n for n in keep)
    return cut(), cut()


def unary(domain="normal", min_dims=0, max_dims=3):
    return lambda rng: ([(shape(rng, min_dims, max_dims), domain)], {})


def binary(domain_a="normal", domain_b="normal"):
    def draw(rng):
        a, b = broadcast_pair(rng)
        return [(a, domain_a), (b, domain_b)], {}
    return draw


def same_pair(domain_a="normal", domain_b="normal", min_dims=0):
    def draw(rng):
        s = shape(rng, min_dims)
        return [(s, domain_a), (s, domain_b)], {}
    return draw


def with_cotangent(domain="normal", min_dims=0, max_dims=3):
    """An input and the gradient given for its function's output (the grad_outputs of a create_graph grad)."""
    def draw(rng):
        s = shape(rng, min_dims, max_dims)
        return [(s, domain), (s, "normal")], {}
    return draw


def along_dim(domain="normal", min_dims=1):
    def draw(rng):
        s = shape(rng, min_dims)
        return [(s, domain)], {"dim": int(rng.integers(-len(s), len(s))), "keepdim": bool(rng.random() < 0.5)}
    return draw


def channels_and_weight(cotangent=False, channels=True):
    """prelu's input (2 or 3 dims), its weight (one per channel, dim 1, or one) and a cotangent for the output."""
    def draw(rng):
        s = shape(rng, 2, 3)
        specs = [(s, "nonzero"), ((s[1] if channels else 1,), "normal")]
        return specs + [(s, "normal")] * cotangent, {}
    return draw


def matrices(rng, *pattern):
    """Shapes from letters: matrices("mk", "kn") -> ((m, k), (k, n)) with random sizes per letter."""
    sizes = {letter: int(rng.choice(SIZES)) for letter in "bcmkn"}
    return [tuple(sizes[letter] for letter in p) for p in pattern]


def linalg(*pattern, domains=None):
    def draw(rng):
        shapes = matrices(rng, *pattern)
        return [(s, d) for s, d in zip(shapes, domains or ("normal",) * len(shapes))], {}
    return draw


def tall(rng):
    """A (m, k) with m > k (where least squares has residuals) and B (m, n)."""
    k, n = int(rng.choice(SIZES)), int(rng.choice(SIZES))
    m = k + int(rng.choice(SIZES))
    return [((m, k), "normal"), ((m, n), "normal")], {}


def classes(rng):
    n, c = int(rng.choice(SIZES)), int(rng.choice((2, 3, 5, 8, 17)))
    return n, c


def log_probs_and_target(rng):
    n, c = classes(rng)
    return [((n, c), "normal"), ((n,), f"int:{c}")], {}


def log_probs_target_cotangent(rng):
    n, c = classes(rng)
    return [((n, c), "normal"), ((n,), f"int:{c}"), ((n,), "normal")], {}


def rows_at_least(n, domain="normal", extra=()):
    def draw(rng):
        s = (int(rng.choice([k for k in SIZES if k >= n])),) + shape(rng, 0, 2)
        return [(s, domain)] + [(e(s) if callable(e) else e, "normal") for e in extra], {}
    return draw


def conv_draw(rng, cotangent=False):
    """An input batch, a 3x3 or 5x5 weight and a bias for conv2d, with a random stride and padding (and the
    output's cotangent)."""
    n, c, o = rng.choice([1, 2, 3]), rng.choice([1, 3, 8, 12]), rng.choice([2, 5, 8])
    k, stride, padding = rng.choice([3, 5]), int(rng.choice([1, 2])), int(rng.choice([0, 1]))
    h, w = (int(v) for v in rng.integers(k, 13, 2))
    specs = [((n, c, h, w), "normal"), ((o, c, k, k), "normal"), ((o,), "normal")]
    if cotangent:
        specs.append(((n, o, (h + 2 * padding - k) // stride + 1, (w + 2 * padding - k) // stride + 1), "normal"))
    return specs, {"stride": stride, "padding": padding}


def conv_grad(torch, F, inputs, which, kw):
    """conv2d's gradient in its input, weight or bias (which = 0, 1, 2) for the cotangent inputs[3]."""
    x, w, b, u = inputs
    return torch.autograd.grad(F.conv2d(x, w, b, **kw), (x, w, b)[which], u, create_graph=True)[0]


def batch_norm_draw(rng, cotangent=False):
    """An input (N, C, *image) with more than one value per channel, weight and bias, the mode and running
    statistics (and the output's cotangent)."""
    while True:
        x = (int(rng.choice(SIZES)), int(rng.choice([1, 2, 3, 5, 8, 17]))) + shape(rng, 0, 2)
        if x[0] * _numel(x[2:]) > 1 and _numel(x) <= MAX_ELEMENTS:
            break
    specs = [(x, "normal"), ((x[1],), "normal"), ((x[1],), "normal")] + ([(x, "normal")] if cotangent else [])
    kw = {"training": bool(rng.random() < 0.6), "running_mean": rng.standard_normal(x[1]).tolist(),
          "running_var": rng.uniform(0.1, 3, x[1]).tolist()}
    return specs, kw


def batch_norm_call(torch, F, inputs, kw):
    """F.batch_norm of inputs[:3] (input, weight, bias) with kw's mode and running statistics."""
    x, w, b = inputs[:3]
    running = [torch.tensor(kw[name], dtype=x.dtype) for name in ("running_mean", "running_var")]
    return F.batch_norm(x, *running, w, b, training=kw["training"], momentum=0.1, eps=1e-5)


def batch_norm_grad(torch, F, inputs, which, kw):
    """batch_norm's gradient in its input, weight or bias (which = 0, 1, 2) for the cotangent inputs[3]."""
    return torch.autograd.grad(batch_norm_call(torch, F, inputs, kw), inputs[which], inputs[3], create_graph=True)[0]


def layer_norm_draw(rng, cotangent=False, affine=False):
    """An input whose last one or two dims are normalised, weight and bias of their shape, eps and whether the
    weight and bias are given (both when `affine`), and the output's cotangent."""
    while True:
        normalized = shape(rng, 1, 2)
        x = shape(rng, 0, 2) + normalized
        if _numel(x) <= MAX_ELEMENTS:
            break
    specs = [(x, "wide"), (normalized, "normal"), (normalized, "normal")] + ([(x, "normal")] if cotangent else [])
    kw = {"normalized_shape": list(normalized), "eps": float(rng.choice([1e-5, 1e-3])),
          "weight": affine or bool(rng.random() < 0.7), "bias": affine or bool(rng.random() < 0.7)}
    return specs, kw


def layer_norm_call(torch, F, inputs, kw):
    """F.layer_norm of inputs[0], with inputs[1] and inputs[2] as weight and bias where kw gives them."""
    x, w, b = inputs[:3]
    return F.layer_norm(x, kw["normalized_shape"], w if kw["weight"] else None, b if kw["bias"] else None,
                        eps=kw["eps"])


def embedding_draw(rng, cotangent=False):
    """Indices (repeats likely) into a weight of 3 to 9 rows, the padding index or none, whether the gradient is
    scaled by the indices' frequencies, and a cotangent."""
    rows, dim = int(rng.integers(3, 10)), int(rng.choice(SIZES))
    indices = shape(rng, 1, 2)
    specs = [(indices, f"int:{rows}"), ((rows, dim), "normal")] + ([(indices + (dim,), "normal")] if cotangent else [])
    return specs, {"padding_idx": None if rng.random() < 0.5 else int(rng.integers(-rows, rows)),
                   "scale_grad_by_freq": bool(rng.random() < 0.5)}


def _pooled_size(n, k, s, p, d, ceil_mode):
    out = (n + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
    return out - 1 if ceil_mode and (out - 1) * s >= n + p else out


def pool_draw(rng, cotangent=False, dilated=True):
    """An input for max_pool2d (dilated) or avg_pool2d, with a random kernel, stride, padding, dilation and
    ceil_mode (and the output's cotangent)."""
    shape = (int(rng.choice([1, 2])), int(rng.choice([1, 3])), *(int(v) for v in rng.integers(5, 13, 2)))
    k, s, d = int(rng.choice([2, 3])), int(rng.choice([1, 2, 3])), int(rng.choice([1, 2])) if dilated else 1
    kw = {"kernel_size": k, "stride": s, "padding": int(rng.integers(0, k // 2 + 1)),
          "ceil_mode": bool(rng.random() < 0.5)}
    if dilated:
        kw["dilation"] = d
    specs = [(shape, "normal")]
    if cotangent:
        sizes = [_pooled_size(n, k, s, kw["padding"], d, kw["ceil_mode"]) for n in shape[2:]]
        specs.append(((*shape[:2], *sizes), "normal"))
    return specs, kw


# ---- what the cases compute ------------------------------------------------------------------------------------

def grad_of(torch, f, x, u):
    """The gradient of f at x given u for f(x)'s gradient, with create_graph=True."""
    return torch.autograd.grad(f(x), x, u, create_graph=True)[0]


def lstsq_gradient(torch, F, inputs):
    """A's gradient of lstsq's solution given its cotangent u, with create_graph=True: the pseudo-inverse (rule
    pinv) is in its graph.  The driver gelsd: torch 2.13's default gelsy reads an uninitialized pivot array."""
    a, b, u = inputs
    return torch.autograd.grad(torch.linalg.lstsq(a, b, driver="gelsd").solution, a, u, create_graph=True)[0]


def write_through_view(x, v):
    y = x.clone()
    part = y[1]
    part.mul_(v)
    return part


def assign(key_of):
    def fn(torch, F, inputs):
        x, v = inputs
        y = x.clone()
        y[key_of(torch)] = v
        return y
    return fn


def spread_rows(torch, x):
    """An index of x's shape into its rows, with repeats (gather reads a row twice, scatter_add adds twice)."""
    return (torch.arange(x.numel()).reshape(x.shape) * 7) % x.shape[0]


def reversed_rows(torch, x):
    """An index of x's shape naming each row once, last first (scatter writes every position exactly once)."""
    rows = torch.arange(x.shape[0] - 1, -1, -1).reshape((-1,) + (1,) * (x.ndim - 1))
    return (rows + torch.zeros(x.shape, dtype=torch.int64)).contiguous()


def grad_through_leaf(torch, F, inputs):
    """x.grad after backward(create_graph=True): torch's CopyBackwards of the incoming gradient."""
    x, u = inputs
    (x * u).sum().backward(create_graph=True)
    return x.grad


INDEX = (0, 2, 0, 1)


def other_float(torch, x):
    return torch.float64 if x.dtype == torch.float32 else torch.float32


def U(name, rule=None, domain="normal", f=None, **draw):
    """A case applying one function to one tensor (by default torch.<name>)."""
    fn = f or (lambda torch, F, inputs: getattr(torch, name)(inputs[0]))
    return Case(name, rule or name, fn, unary(domain, **draw))


def B(name, f, rule=None, domains=("normal", "normal")):
    return Case(name, rule or name, lambda torch, F, inputs: f(torch, *inputs), binary(*domains))


CASES = [
    # pointwise, one tensor
    U("exp"), U("log", domain="positive"), U("log1p", domain="positive"), U("sin", domain="wide"),
    U("cos", domain="wide"), U("tan", domain="tan"), U("tanh"), U("sqrt", domain="positive"), U("rsqrt", domain="positive"),
    U("sigmoid", domain="wide"), U("reciprocal", domain="nonzero"), U("neg"), U("abs", domain="nonzero"),
    U("sign"), U("sgn"), U("relu", domain="nonzero"),
    U("atan"), U("asin", domain="inside"), U("acos", domain="inside"), U("sinh"), U("cosh"), U("asinh"),
    U("acosh", domain="above1"), U("atanh", domain="inside"), U("log10", domain="positive"),
    U("log2", domain="positive"), U("exp2"), U("expm1"), U("erf"), U("erfc"), U("sinc"), U("floor", domain="wide"),
    U("ceil", domain="wide"), U("trunc", domain="wide"), U("round", domain="wide"), U("frac", domain="wide"),
    U("round_decimals", "round_decimals", domain="wide", f=lambda torch, F, inputs: torch.round(inputs[0], decimals=2)),
    U("clamp", f=lambda torch, F, inputs: torch.clamp(inputs[0], -0.5, 0.7)),
    U("clamp_tensor", f=lambda torch, F, inputs: torch.clamp(
        inputs[0], min=torch.tensor(-0.5, dtype=inputs[0].dtype), max=torch.tensor(0.7, dtype=inputs[0].dtype))),
    U("clamp_min", f=lambda torch, F, inputs: inputs[0].clamp_min(0.2)),
    U("clamp_max", f=lambda torch, F, inputs: inputs[0].clamp_max(0.2)),
    # the backward formulas that are one op (their own case: a gradient taken with create_graph=True)
    Case("threshold_backward", "threshold_backward",
         lambda torch, F, inputs: grad_of(torch, torch.relu, *inputs), with_cotangent("nonzero")),
    Case("tanh_backward", "tanh_backward", lambda torch, F, inputs: grad_of(torch, torch.tanh, *inputs),
         with_cotangent()),
    Case("sigmoid_backward", "sigmoid_backward", lambda torch, F, inputs: grad_of(torch, torch.sigmoid, *inputs),
         with_cotangent()),
    Case("mul_scalar", "mul_scalar", lambda torch, F, inputs: grad_of(torch, torch.exp2, *inputs), with_cotangent()),
    Case("add_scalar", "add_scalar", lambda torch, F, inputs: grad_of(torch, torch.atan, *inputs), with_cotangent()),
    Case("div_scalar", "div_scalar", lambda torch, F, inputs: torch.autograd.grad(
        F.binary_cross_entropy_with_logits(*inputs), inputs[0], create_graph=True)[0], same_pair("wide", "unit")),
    Case("sub_scalar", "sub_scalar", lambda torch, F, inputs: grad_of(torch, torch.acosh, *inputs),
         with_cotangent("above1")),
    # arithmetic
    B("add", lambda torch, a, b: a + b), B("add_alpha", lambda torch, a, b: torch.add(a, b, alpha=2.5), "add"),
    B("sub", lambda torch, a, b: a - b), B("sub_alpha", lambda torch, a, b: torch.sub(a, b, alpha=0.5), "sub"),
    U("rsub", f=lambda torch, F, inputs: 2.5 - inputs[0]),
    B("mul", lambda torch, a, b: a * b), B("div", lambda torch, a, b: a / b, domains=("normal", "nonzero")),
    U("pow_scalar", f=lambda torch, F, inputs: inputs[0] ** 3),
    U("pow_scalar_fraction", "pow_scalar", domain="positive", f=lambda torch, F, inputs: inputs[0] ** 2.5),
    B("pow_tensor", lambda torch, a, b: a ** b, domains=("positive", "normal")),
    U("rpow", f=lambda torch, F, inputs: 2.5 ** inputs[0]),
    B("remainder", lambda torch, a, b: torch.remainder(a, b), domains=("wide", "nonzero")),
    U("remainder_scalar", domain="wide", f=lambda torch, F, inputs: inputs[0] % 1.5),
    B("maximum", lambda torch, a, b: torch.maximum(a, b)), B("minimum", lambda torch, a, b: torch.minimum(a, b)),
    B("atan2", lambda torch, a, b: torch.atan2(a, b)), B("hypot", lambda torch, a, b: torch.hypot(a, b)),
    Case("where", "where", lambda torch, F, inputs: torch.where(*inputs),
         lambda rng: (lambda a, b: ([(a, "bool"), (a, "normal"), (b, "normal")], {}))(*broadcast_pair(rng))),
    Case("masked_fill", "masked_fill", lambda torch, F, inputs: inputs[0].masked_fill(inputs[1], -0.75),
         lambda rng: (lambda a, b: ([(a, "normal"), (b, "bool")], {}))(*broadcast_pair(rng))),
    Case("maximum_backward", "masked_fill", lambda torch, F, inputs: torch.autograd.grad(
        torch.maximum(inputs[0], inputs[1]), inputs[0], inputs[0], create_graph=True)[0], same_pair()),
    # indexing and writes
    Case("index", "index", lambda torch, F, inputs: inputs[0][torch.tensor(INDEX)], rows_at_least(3)),
    Case("as_strided", "as_strided", lambda torch, F, inputs: write_through_view(*inputs),
         rows_at_least(2, extra=(lambda s: s[1:],))),
    Case("embed", "embed", lambda torch, F, inputs: grad_of(torch, lambda x: x[torch.tensor(INDEX)], *inputs),
         rows_at_least(3, extra=(lambda s: (len(INDEX),) + s[1:],))),
    Case("slice", "slice", lambda torch, F, inputs: inputs[0][1:3], rows_at_least(2)),
    Case("select", "select", lambda torch, F, inputs: inputs[0][1], rows_at_least(2)),
    Case("split", "split", lambda torch, F, inputs: inputs[0].split(1)[1], rows_at_least(2)),
    Case("split_with_sizes", "split_with_sizes",
         lambda torch, F, inputs: inputs[0].split([1, inputs[0].shape[0] - 1])[1], rows_at_least(2)),
    Case("unbind", "unbind", lambda torch, F, inputs: inputs[0].unbind()[1], rows_at_least(2)),
    Case("copy_slices", "copy_slices", assign(lambda torch: 1), rows_at_least(2, extra=(lambda s: s[1:],))),
    Case("index_put", "index_put", assign(lambda torch: torch.tensor([0, 2])),
         rows_at_least(3, extra=(lambda s: (2,) + s[1:],))),
    Case("gather", "gather", lambda torch, F, inputs: inputs[0].gather(0, spread_rows(torch, inputs[0])),
         rows_at_least(3)),
    Case("scatter", "scatter", lambda torch, F, inputs: inputs[0].scatter(0, reversed_rows(torch, inputs[0]), inputs[1]),
         rows_at_least(2, extra=(lambda s: s,))),
    Case("scatter_value", "scatter_value",
         lambda torch, F, inputs: inputs[0].scatter(0, reversed_rows(torch, inputs[0]), 1.5), rows_at_least(2)),
    Case("scatter_add", "scatter_add",
         lambda torch, F, inputs: inputs[0].scatter_add(0, spread_rows(torch, inputs[0]), inputs[1]),
         rows_at_least(3, extra=(lambda s: s,))),
    U("zero", f=lambda torch, F, inputs: inputs[0].clone().zero_()),
    U("fill", f=lambda torch, F, inputs: inputs[0].clone().fill_(1.5)),
    # linear algebra
    Case("mm", "mm", lambda torch, F, inputs: inputs[0] @ inputs[1], linalg("mk", "kn")),
    Case("mv", "mv", lambda torch, F, inputs: inputs[0] @ inputs[1], linalg("mk", "k")),
    Case("dot", "dot", lambda torch, F, inputs: inputs[0] @ inputs[1], linalg("k", "k")),
    Case("squeeze_matmul", "squeeze_matmul", lambda torch, F, inputs: inputs[0] @ inputs[1], linalg("k", "kn")),
    Case("bmm", "bmm", lambda torch, F, inputs: inputs[0] @ inputs[1], linalg("bmk", "bkn")),
    Case("unsafe_view", "unsafe_view", lambda torch, F, inputs: inputs[0] @ inputs[1], linalg("bmk", "kn")),
    Case("addmm", "addmm", lambda torch, F, inputs: torch.addmm(*inputs), linalg("n", "mk", "kn")),
    Case("linear", "addmm", lambda torch, F, inputs: F.linear(*inputs), linalg("mk", "nk", "n")),
    Case("solve", "solve", lambda torch, F, inputs: torch.linalg.solve(*inputs),
         linalg("mm", "mn", domains=("wellconditioned", "normal"))),
    Case("lstsq", "lstsq", lambda torch, F, inputs: torch.linalg.lstsq(*inputs, driver="gelsd").solution,
         linalg("mk", "mn")),
    Case("lstsq_residuals", "lstsq_residuals",
         lambda torch, F, inputs: torch.linalg.lstsq(*inputs, driver="gels").residuals, tall),
    Case("pinv", "pinv", lstsq_gradient, linalg("mk", "mn", "kn")),
    # reductions
    U("sum", min_dims=1), Case("sum_dim", "sum_dim", lambda torch, F, inputs, **kw: inputs[0].sum(**kw), along_dim()),
    U("mean", min_dims=1),
    Case("mean_dim", "mean_dim", lambda torch, F, inputs, **kw: inputs[0].mean(**kw), along_dim()),
    U("prod", domain="near1", min_dims=1),
    Case("prod_dim", "prod_dim", lambda torch, F, inputs, **kw: inputs[0].prod(**kw), along_dim("near1")),
    U("amax_all", f=lambda torch, F, inputs: inputs[0].max(), min_dims=1),
    U("amin_all", f=lambda torch, F, inputs: inputs[0].min(), min_dims=1),
    Case("max_dim", "max_dim", lambda torch, F, inputs, **kw: inputs[0].max(**kw).values, along_dim()),
    Case("min_dim", "min_dim", lambda torch, F, inputs, **kw: inputs[0].min(**kw).values, along_dim()),
    # sorting (keepdim drawn also picks descending / largest)
    Case("sort", "sort", lambda torch, F, inputs, dim, keepdim: inputs[0].sort(dim, descending=keepdim).values,
         along_dim()),
    Case("topk", "topk", lambda torch, F, inputs, dim, keepdim: inputs[0].topk(
        min(2, inputs[0].shape[dim]), dim, largest=keepdim).values, along_dim()),
    Case("kthvalue", "kthvalue", lambda torch, F, inputs, dim, keepdim: inputs[0].kthvalue(
        (inputs[0].shape[dim] + 1) // 2, dim, keepdim).values, along_dim()),
    U("median", min_dims=1, f=lambda torch, F, inputs: inputs[0].median()),
    Case("median_dim", "median_dim", lambda torch, F, inputs, **kw: inputs[0].median(**kw).values, along_dim()),
    U("norm", min_dims=1, f=lambda torch, F, inputs: inputs[0].norm()),
    Case("norm_dim", "norm", lambda torch, F, inputs, **kw: inputs[0].norm(**kw), along_dim()),
    Case("var_dim", "var", lambda torch, F, inputs, **kw: inputs[0].var(**kw), along_dim()),
    Case("std_dim", "std", lambda torch, F, inputs, **kw: inputs[0].std(**kw), along_dim("wide")),
    Case("cumsum", "cumsum", lambda torch, F, inputs, dim, keepdim: inputs[0].cumsum(dim), along_dim()),
    U("var_all", rule="var", f=lambda torch, F, inputs: inputs[0].var(), min_dims=1),
    Case("softmax", "softmax", lambda torch, F, inputs, dim, keepdim: torch.softmax(inputs[0], dim), along_dim("wide")),
    Case("log_softmax", "log_softmax", lambda torch, F, inputs, dim, keepdim: F.log_softmax(inputs[0], dim),
         along_dim("wide")),
    Case("softmax_backward", "softmax_backward",
         lambda torch, F, inputs: grad_of(torch, lambda x: torch.softmax(x, -1), *inputs), with_cotangent(min_dims=1)),
    Case("log_softmax_backward", "log_softmax_backward",
         lambda torch, F, inputs: grad_of(torch, lambda x: torch.log_softmax(x, -1), *inputs),
         with_cotangent(min_dims=1)),
    # shapes
    Case("copy", "copy", grad_through_leaf, with_cotangent()),
    U("alias", f=lambda torch, F, inputs: inputs[0][...]),
    U("view", f=lambda torch, F, inputs: inputs[0].view(-1)),
    Case("reshape_copy", "unsafe_view", lambda torch, F, inputs: inputs[0].t().reshape(-1),
         lambda rng: ([(tuple(int(rng.choice(SIZES[1:])) for _ in range(2)), "normal")], {})),
    U("squeeze", f=lambda torch, F, inputs: inputs[0].squeeze()),
    Case("squeeze_dim", "squeeze_dim", lambda torch, F, inputs, dim, keepdim: inputs[0].squeeze(dim), along_dim()),
    U("unsqueeze", f=lambda torch, F, inputs: inputs[0].unsqueeze(0)),
    U("expand", f=lambda torch, F, inputs: inputs[0].expand(3, *inputs[0].shape)),
    U("t", f=lambda torch, F, inputs: inputs[0].t(), max_dims=2),
    U("transpose", f=lambda torch, F, inputs: inputs[0].transpose(0, -1), min_dims=1),
    U("permute", f=lambda torch, F, inputs: inputs[0].permute(*range(inputs[0].ndim - 1, -1, -1)), min_dims=1),
    U("flip", f=lambda torch, F, inputs: inputs[0].flip(*range(inputs[0].ndim)), min_dims=1),
    U("tril", f=lambda torch, F, inputs: inputs[0].tril(-1), min_dims=2),
    U("logsumexp", f=lambda torch, F, inputs: torch.logsumexp(inputs[0], -1), min_dims=1),
    U("triu", f=lambda torch, F, inputs: torch.triu(inputs[0], 1), min_dims=2),
    U("clone"), U("to", f=lambda torch, F, inputs: inputs[0].to(other_float(torch, inputs[0]))),
    Case("cat", "cat", lambda torch, F, inputs: torch.cat(inputs, 0),
         lambda rng: (lambda s: ([(s, "normal"), ((int(rng.choice(SIZES)),) + s[1:], "normal")], {}))(shape(rng, 1))),
    Case("stack", "stack", lambda torch, F, inputs: torch.stack(inputs, -1), same_pair()),
    # convolutions and pooling (fixed layouts, random geometry; 3x3 kernels: no 1x1, whose path depends on threads)
    Case("conv2d", "convolution", lambda torch, F, inputs, **kw: F.conv2d(*inputs, **kw), conv_draw),
    Case("conv_input_grad", "conv_input_grad", lambda torch, F, inputs, **kw: conv_grad(torch, F, inputs, 0, kw),
         lambda rng: conv_draw(rng, cotangent=True)),
    Case("conv_weight_grad", "conv_weight_grad", lambda torch, F, inputs, **kw: conv_grad(torch, F, inputs, 1, kw),
         lambda rng: conv_draw(rng, cotangent=True)),
    Case("conv_bias_grad", "conv_bias_grad", lambda torch, F, inputs, **kw: conv_grad(torch, F, inputs, 2, kw),
         lambda rng: conv_draw(rng, cotangent=True)),
    Case("max_pool2d", "max_pool2d", lambda torch, F, inputs, **kw: F.max_pool2d(inputs[0], **kw), pool_draw),
    Case("max_pool2d_backward", "max_pool2d_backward", lambda torch, F, inputs, **kw: grad_of(
        torch, lambda x: F.max_pool2d(x, **kw), *inputs), lambda rng: pool_draw(rng, cotangent=True)),
    Case("avg_pool2d", "avg_pool2d", lambda torch, F, inputs, **kw: F.avg_pool2d(inputs[0], **kw),
         lambda rng: pool_draw(rng, dilated=False)),
    Case("avg_pool2d_backward", "avg_pool2d_backward", lambda torch, F, inputs, **kw: grad_of(
        torch, lambda x: F.avg_pool2d(x, **kw), *inputs), lambda rng: pool_draw(rng, cotangent=True, dilated=False)),
    # batch normalisation
    Case("batch_norm", "batch_norm", lambda torch, F, inputs, **kw: batch_norm_call(torch, F, inputs, kw),
         batch_norm_draw),
    *(Case(f"batch_norm_grad_{part}", f"batch_norm_grad_{part}",
           lambda torch, F, inputs, which=which, **kw: batch_norm_grad(torch, F, inputs, which, kw),
           lambda rng: batch_norm_draw(rng, cotangent=True))
      for which, part in enumerate(("input", "weight", "bias"))),
    # layer normalisation and embeddings
    Case("layer_norm", "layer_norm", lambda torch, F, inputs, **kw: layer_norm_call(torch, F, inputs, kw),
         layer_norm_draw),
    *(Case(f"layer_norm_grad_{part}", f"layer_norm_grad_{part}",
           lambda torch, F, inputs, which=which, **kw: torch.autograd.grad(
               layer_norm_call(torch, F, inputs, kw), inputs[which], inputs[3], create_graph=True)[0],
           lambda rng: layer_norm_draw(rng, cotangent=True, affine=True))
      for which, part in enumerate(("input", "weight", "bias"))),
    Case("embedding", "embedding", lambda torch, F, inputs, **kw: F.embedding(inputs[0], inputs[1], **kw),
         embedding_draw),
    Case("embedding_backward", "embedding_backward", lambda torch, F, inputs, **kw: torch.autograd.grad(
        F.embedding(inputs[0], inputs[1], **kw), inputs[1], inputs[2], create_graph=True)[0],
         lambda rng: embedding_draw(rng, cotangent=True)),
    # losses
    Case("bce_logits", "bce_logits", lambda torch, F, inputs: F.binary_cross_entropy_with_logits(*inputs),
         same_pair("wide", "unit")),
    Case("bce_logits_none", "bce_logits",
         lambda torch, F, inputs: F.binary_cross_entropy_with_logits(*inputs, reduction="none"), same_pair("wide", "unit")),
    Case("bce", "bce", lambda torch, F, inputs: F.binary_cross_entropy(*inputs), same_pair("unit", "unit")),
    Case("bce_sum", "bce", lambda torch, F, inputs: F.binary_cross_entropy(*inputs, reduction="sum"),
         same_pair("unit", "unit")),
    Case("mse", "mse", lambda torch, F, inputs: F.mse_loss(*inputs), same_pair()),
    Case("mse_none", "mse", lambda torch, F, inputs: F.mse_loss(*inputs, reduction="none"), same_pair()),
    Case("mse_sum", "mse", lambda torch, F, inputs: F.mse_loss(*inputs, reduction="sum"), same_pair()),
    Case("smooth_l1", "smooth_l1", lambda torch, F, inputs: F.smooth_l1_loss(*inputs), same_pair("wide")),
    Case("smooth_l1_none", "smooth_l1",
         lambda torch, F, inputs: F.smooth_l1_loss(*inputs, reduction="none", beta=0.3), same_pair("wide")),
    Case("huber", "huber", lambda torch, F, inputs: F.huber_loss(*inputs, delta=1.7), same_pair("wide")),
    Case("huber_sum", "huber", lambda torch, F, inputs: F.huber_loss(*inputs, reduction="sum"), same_pair("wide")),
    Case("smooth_l1_backward", "smooth_l1_backward", lambda torch, F, inputs: torch.autograd.grad(
        F.smooth_l1_loss(*inputs, beta=0.7), inputs[0], create_graph=True)[0], same_pair("wide")),
    Case("huber_backward", "huber_backward", lambda torch, F, inputs: torch.autograd.grad(
        F.huber_loss(*inputs, reduction="none", delta=0.7), inputs[0], inputs[0], create_graph=True)[0],
        same_pair("wide")),
    Case("nll", "nll", lambda torch, F, inputs: F.nll_loss(F.log_softmax(inputs[0], 1), inputs[1]),
         log_probs_and_target),
    Case("nll_sum", "nll", lambda torch, F, inputs: F.nll_loss(inputs[0], inputs[1], reduction="sum"),
         log_probs_and_target),
    Case("cross_entropy", "nll", lambda torch, F, inputs: F.cross_entropy(*inputs), log_probs_and_target),
    Case("mse_backward", "mse_backward",
         lambda torch, F, inputs: torch.autograd.grad(F.mse_loss(*inputs), inputs[0], create_graph=True)[0],
         same_pair()),
    Case("bce_backward", "bce_backward",
         lambda torch, F, inputs: torch.autograd.grad(F.binary_cross_entropy(*inputs), inputs[0], create_graph=True)[0],
         same_pair("unit", "unit")),
    Case("nll_backward", "nll_backward", lambda torch, F, inputs: torch.autograd.grad(
        F.nll_loss(inputs[0], inputs[1], reduction="none"), inputs[0], inputs[2], create_graph=True)[0],
        log_probs_target_cotangent),
    # torch.nn.functional's activations (gradcli/engine/ops/activations.py)
    U("leaky_relu", domain="nonzero", f=lambda torch, F, inputs: F.leaky_relu(inputs[0], 0.2)),
    U("leaky_relu_", domain="nonzero", f=lambda torch, F, inputs: F.leaky_relu(inputs[0] * 1, 0.3, inplace=True)),
    U("elu", domain="wide", f=lambda torch, F, inputs: F.elu(inputs[0], 0.7)),
    U("elu_", domain="wide", f=lambda torch, F, inputs: F.elu_(inputs[0] * 1)),
    U("silu", domain="wide", f=lambda torch, F, inputs: F.silu(inputs[0])),
    U("softplus", domain="wide", f=lambda torch, F, inputs: F.softplus(inputs[0], 2.0, 3.0)),
    U("gelu", domain="wide", f=lambda torch, F, inputs: F.gelu(inputs[0])),
    U("gelu_tanh", "gelu", domain="wide", f=lambda torch, F, inputs: F.gelu(inputs[0], approximate="tanh")),
    U("hardtanh", domain="wide", f=lambda torch, F, inputs: F.hardtanh(inputs[0], -1.5, 2.0)),
    U("relu6", "hardtanh", domain="wide", f=lambda torch, F, inputs: F.relu6(inputs[0] * 2)),
    Case("prelu", "prelu", lambda torch, F, inputs: F.prelu(*inputs), channels_and_weight()),
    Case("prelu_one_weight", "prelu", lambda torch, F, inputs: F.prelu(*inputs), channels_and_weight(channels=False)),
    Case("leaky_relu_backward", "leaky_relu_backward",
         lambda torch, F, inputs: grad_of(torch, lambda x: F.leaky_relu(x, 0.2), *inputs), with_cotangent("nonzero")),
    Case("elu_backward", "elu_backward", lambda torch, F, inputs: grad_of(torch, F.elu, *inputs),
         with_cotangent("wide")),
    Case("softplus_backward", "softplus_backward", lambda torch, F, inputs: grad_of(torch, F.softplus, *inputs),
         with_cotangent("wide")),
    Case("gelu_backward", "gelu_backward", lambda torch, F, inputs: grad_of(torch, F.gelu, *inputs),
         with_cotangent("wide")),
    Case("hardtanh_backward", "hardtanh_backward", lambda torch, F, inputs: grad_of(torch, F.hardtanh, *inputs),
         with_cotangent("wide")),
    Case("prelu_kernel_backward_self", "prelu_kernel_backward_self", lambda torch, F, inputs: torch.autograd.grad(
        F.prelu(inputs[0], inputs[1]), inputs[0], inputs[2], create_graph=True)[0], channels_and_weight(True)),
    Case("prelu_kernel_backward_weight", "prelu_kernel_backward_weight", lambda torch, F, inputs: torch.autograd.grad(
        F.prelu(inputs[0], inputs[1]), inputs[1], inputs[2], create_graph=True)[0], channels_and_weight(True)),
]


def values(rng, shape, domain, np, dtype):
    """Random values of one input, by domain name."""
    if domain == "bool":
        return np.asarray(rng.random(shape) < 0.5)
    if domain.startswith("int:"):
        return rng.integers(0, int(domain[4:]), shape)
    draw = {
        "normal": lambda: rng.standard_normal(shape),
        "wide": lambda: rng.standard_normal(shape) * 4,
        "tan": lambda: rng.uniform(-1.4, 1.4, shape),
        "positive": lambda: rng.uniform(0.05, 5, shape),
        "unit": lambda: rng.uniform(0.02, 0.98, shape),
        "inside": lambda: rng.uniform(-0.98, 0.98, shape),
        "above1": lambda: rng.uniform(1.02, 6, shape),
        "nonzero": lambda: rng.choice([-1, 1], shape) * rng.uniform(0.1, 3, shape),
        "near1": lambda: rng.choice([-1, 1], shape) * rng.uniform(0.7, 1.3, shape),
        "wellconditioned": lambda: rng.standard_normal(shape) + 3 * shape[-1] ** 0.5 * np.eye(shape[-1]),
    }[domain]
    return np.asarray(draw(), dtype)
