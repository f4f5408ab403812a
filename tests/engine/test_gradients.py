"""Table-driven gradient checks: every rule of the op table (gradcli.engine.rules.R) against finite differences.

CASES below holds, for every rule name in R, at least one function of float64 tensors that reaches the rule
through the public API, the input shapes to try (fixed ones, including broadcasting pairs, and random draws)
and a domain for the values (positive for log/sqrt, away from the kinks of abs/relu/clamp, no ties for max).
For each case, with a seeded numpy.random.default_rng (so the suite is deterministic), `check` verifies:

* the graph of f(*xs) really contains a node of the named rule;
* the value, against an independent NumPy computation where one is simple to write;
* the first order: torch.autograd.grad of L = (f(*xs) * w).sum() (random w) against float64 central
  differences of L; the create_graph=True gradient must agree with the plain one;
* the second order: the gradient of (grad(L) * v).sum() (random v), taken through the create_graph=True
  graph, against central differences of the first-order gradient. Rules with a piecewise constant derivative
  (sign, clamp masks, max/argmax selections) are checked too: there the second derivative is 0.

test_every_rule_has_a_case makes a new rule without a gradient check fail the suite.
"""

from __future__ import annotations

import math
import warnings
import zlib
from dataclasses import dataclass, replace
from typing import Callable

import numpy as np
import pytest

import gradcli.torch as torch
import gradcli.torch.nn.functional as F
from gradcli.engine import embedding as _embedding, layer_norm as _layer_norm  # noqa: F401  (their rules: imported at
# F.embedding's and F.layer_norm's first call, here before the rule table is checked against CASES)
from gradcli.engine.rules import R

RTOL, ATOL = 1e-5, 1e-7   # gradients against central differences
VALUE_RTOL = 1e-10        # values against NumPy
EPS = 1e-6                # central-difference step (float64)


# ---- domains: (rng, shape) -> float64 array -----------------------------------------------------------------

def uniform(lo, hi):
    return lambda rng, shape: np.asarray(rng.uniform(lo, hi, shape), np.float64)


normal = uniform(-2.0, 2.0)
positive = uniform(0.5, 2.0)
unit = uniform(0.05, 0.95)  # probabilities, inside (0, 1)


def away(*kinks, lo=-2.0, hi=2.0, margin=0.1):
    """Uniform on [lo, hi], at least `margin` from every kink (where the function is not differentiable)."""
    def sample(rng, shape):
        x = np.array(rng.uniform(lo, hi, shape), np.float64)
        flat = x.reshape(-1)
        while True:
            bad = np.zeros(flat.shape, bool)
            for k in kinks:
                bad |= np.abs(flat - k) < margin
            if not bad.any():
                return x
            flat[bad] = rng.uniform(lo, hi, int(bad.sum()))
    return sample


def distinct(signed=False):
    """Values at least 0.15 apart (in absolute value if signed), so max/min/inf-norm have no ties."""
    def sample(rng, shape):
        n = int(np.prod(shape))
        x = (rng.permutation(n) + rng.uniform(0, 0.5, n)) * 0.3
        x = x + 0.2 if signed else x - 0.15 * n
        if signed:
            x = x * rng.choice([-1.0, 1.0], n)
        return x.reshape(shape)
    return sample


def with_zeros(*places, base=uniform(0.5, 1.5)):
    """`base`, with exact zeros at the given places (prod's gradient has a separate path for zeros)."""
    def sample(rng, shape):
        x = base(rng, shape)
        for p in places:
            x[p] = 0.0
        return x
    return sample


def lattice(offset):
    """Values near 0.2 * k + offset: two inputs with offsets 0 and 0.1 never come within 0.04 (maximum, minimum)."""
    return lambda rng, shape: 0.2 * rng.integers(-10, 10, shape) + offset + rng.uniform(-0.03, 0.03, shape)


# ---- shapes: a tuple with one shape per input, or a function of the rng drawing one --------------------------

def _dims(rng):
    return [int(n) for n in rng.integers(1, 4, rng.integers(0, 4))]


def one_shape(rng):
    return (tuple(_dims(rng)),)


def broadcast_pair(rng):
    """Two shapes that broadcast together: both cut from one random shape, with leading dims dropped and
    some dims set to 1."""
    full = _dims(rng)

    def cut():
        keep = full[int(rng.integers(0, len(full) + 1)):] if rng.random() < 0.5 else full
        return tuple(1 if rng.random() < 0.3 else n for n in keep)
    return cut(), cut()


UNARY = [((3, 4),), ((),), one_shape, one_shape]
BINARY = [((3, 1), (4,)), ((2, 3), ()), broadcast_pair, broadcast_pair]


# ---- the table ------------------------------------------------------------------------------------------------

@dataclass
class Case:
    rule: str                       # the key of R this case exercises
    fn: Callable                    # float64 tensors -> tensor, through the public API
    shapes: list                    # per entry: a tuple of input shapes, or rng -> such a tuple
    domain: object = normal         # one sampler for every input, or a tuple of one per input
    ref: Callable | None = None     # the same function on NumPy arrays, where simple
    name: str = ""                  # a suffix for the test id
    xfail: str | None = None        # reason, for a known engine bug (strict)
    raises: type = AssertionError   # how that bug shows: a wrong number, or an exception in the engine
    joint: Callable | None = None   # (rng, shapes) -> inputs, when the inputs constrain each other

    @property
    def id(self):
        return f"{self.rule}-{self.name}" if self.name else self.rule

    def sample(self, rng, shapes):
        if self.joint is not None:
            return self.joint(rng, shapes)
        domains = self.domain if isinstance(self.domain, tuple) else (self.domain,) * len(shapes)
        return [d(rng, s) for d, s in zip(domains, shapes)]


def C(rule, fn, shapes, domain=normal, ref=None, name="", **kw):
    return Case(rule, fn, shapes, domain, ref, name, **kw)


GATHER_INDEX = [[0, 0, 2], [1, 3, 1], [2, 2, 0]]         # rows read twice: their gradients add
SCATTER_INDEX = [[2, 0, 1, 0], [1, 2, 0, 2]]             # each position written once, as scatter needs
SCATTER_ADD_INDEX = [[2, 0, 2, 0], [2, 2, 0, 1]]         # repeated positions: scatter_add sums them


def np_scatter(a, v):
    out = a.copy()
    np.put_along_axis(out, np.array(SCATTER_INDEX), v, 0)
    return out


def np_scatter_add(a, v):
    out = a.copy()
    index = np.array(SCATTER_ADD_INDEX)
    for i, j in np.ndindex(index.shape):
        out[index[i, j], j] += v[i, j]
    return out


def np_softmax(a, dim):
    e = np.exp(a - a.max(dim, keepdims=True))
    return e / e.sum(dim, keepdims=True)


def np_softplus(a):
    return np.logaddexp(0, a)


def np_sigmoid(a):
    return 1 / (1 + np.exp(-a))


def np_put(a, key, v):
    out = a.copy()
    out[key] = v
    return out


def _np_weighted_nll(logp, target, weight):
    kept = target != -100
    w = weight[target[kept]]
    return -(logp[kept.nonzero()[0], target[kept]] * w).sum() / w.sum()


def clone_put(key):
    def fn(a, v):
        y = a.clone()
        y[key] = v
        return y
    return fn


def remainder_inputs(rng, shapes):
    """a % b with b in [0.5, 2] and a / b at least 0.2 from an integer (where remainder jumps)."""
    b = rng.uniform(0.5, 2.0, shapes[1])
    q = rng.integers(-3, 3, np.broadcast_shapes(*shapes)) + rng.uniform(0.2, 0.8, np.broadcast_shapes(*shapes))
    return [np.asarray(q * b, np.float64).reshape(shapes[0]), np.asarray(b, np.float64)]


def index_grad(key, shape):
    """a -> the gradient of x[key] for cotangent a: the engine's embed rule applied to a."""
    x = torch.zeros(*shape, dtype=torch.float64).requires_grad_()

    def fn(a):
        return torch.autograd.grad(x[key], x, grad_outputs=a, create_graph=True)[0]
    return fn


def np_index_grad(key, shape):
    def ref(a):
        out = np.zeros(shape)
        np.add.at(out, key, a)
        return out
    return ref


COND = np.array([True, False, False, True])
CLAMP_LO = np.array([-0.5, -1.0, 0.0, -0.2])
CLAMP_HI = np.array([0.5, 0.2, 1.0, 1.5])
TARGET = torch.tensor([0, 2, 1, 3, 2])
TARGET_IGNORED = torch.tensor([0, -100, 1, 3, -100])
CLASS_WEIGHT = torch.tensor([0.5, 2.0, 1.0, 1.5], dtype=torch.float64)
LOSS_WEIGHT = torch.tensor([0.3, 1.0, 2.0, 0.7], dtype=torch.float64)
BOOL_MASK = torch.tensor([[True, False, True, True], [False, False, True, False], [True, True, False, False]])

PROD_ZEROS = ("prod's gradient with a zero input is a constant (_prod_others builds it with NumPy cumprod), so "
              "second derivatives through it are lost")


W_EXP2 = np.random.default_rng(1).standard_normal((3, 4))  # the w of gradient_of(torch.exp2, (3, 4))


def well_conditioned(rng, shapes):
    """A (batches of) square matrices near 3 * I, so solve is smooth around them, and B."""
    a = rng.uniform(-1, 1, shapes[0]) + 3 * np.eye(shapes[0][-1])
    return [a, rng.uniform(-2, 2, shapes[1])]


def solve_ref(a, b):
    vector = b.ndim == 1 or b.shape == a.shape[:-1]
    return np.linalg.solve(a, b[..., None])[..., 0] if vector else np.linalg.solve(a, b)


def lstsq_ref(a, b):
    """NumPy's least-squares solutions, matrix by matrix (A broadcast over B's batch; B vectors or matrices)."""
    vector = b.ndim == 1 or b.shape == a.shape[:-1]
    rhs = b[..., None] if vector else b
    batch = np.broadcast_shapes(a.shape[:-2], rhs.shape[:-2])
    a, rhs = np.broadcast_to(a, batch + a.shape[-2:]), np.broadcast_to(rhs, batch + rhs.shape[-2:])
    x = np.stack([np.linalg.lstsq(m, r, rcond=None)[0] for m, r in zip(a.reshape((-1,) + a.shape[-2:]),
                                                                       rhs.reshape((-1,) + rhs.shape[-2:]))])
    x = x.reshape(batch + x.shape[-2:])
    return x[..., 0] if vector else x


def lstsq_residuals_ref(a, b):
    vector = b.ndim == 1 or b.shape == a.shape[:-1]
    rhs = b[..., None] if vector else b
    return ((a @ (lstsq_ref(a, b)[..., None] if vector else lstsq_ref(a, b)) - rhs) ** 2).sum(-2)


LSTSQ_B = torch.tensor(np.random.default_rng(2).standard_normal((5, 2)))  # the B of the pinv cases


PRELU_WEIGHT = torch.tensor([0.3, -0.2, 0.5, 1.5], dtype=torch.float64)


def gradient_of(f, shape):
    """a -> the gradient of (f(a) * w).sum(), built with create_graph: made of f's own backward ops."""
    w = torch.tensor(np.random.default_rng(1).standard_normal(shape))

    def gradient(a):
        if not a.requires_grad:  # evaluated at constants (finite differences): a plain value
            return gradient(a.detach().requires_grad_()).detach()
        return torch.autograd.grad((f(a) * w).sum(), a, create_graph=True)[0]
    return gradient


def gradient_of_first(f, shape):
    """(a, b) -> the gradient in a of (f(a, b) * w).sum(), built with create_graph (b's graph kept)."""
    w = torch.tensor(np.random.default_rng(1).standard_normal(shape))

    def gradient(a, b):
        if not a.requires_grad:
            return gradient(a.detach().requires_grad_(), b.detach().requires_grad_()).detach()
        return torch.autograd.grad((f(a, b) * w).sum(), a, create_graph=True)[0]
    return gradient


def backward_of(f, wrt, shapes):
    """(g, other) -> the gradient of f's output, for cotangent g, in its input `wrt` (0 or 1) held at fixed
    values, with create_graph: a function of g and of f's other input, made of f's backward rule."""
    fixed = torch.tensor(np.random.default_rng(2).standard_normal(shapes[wrt])).requires_grad_()

    def gradient(g, *other):
        inputs = (fixed, *other) if wrt == 0 else (*other, fixed)
        result = torch.autograd.grad(f(*inputs), fixed, grad_outputs=g, create_graph=True)[0]
        # the graph also reaches `fixed` (a pooling's backward gives its input a zero gradient, as torch's):
        # at constants (finite differences) the result is a plain value; leaves and dual tensors keep theirs
        live = any(t.requires_grad or torch.autograd.forward_ad.unpack_dual(t).tangent is not None for t in (g, *other))
        return result if live else result.detach()
    return gradient


BATCH_NORM_SHAPES = [((6, 3), (3,), (3,)), ((2, 4, 5), (4,), (4,))]
RUNNING_MEAN = torch.tensor([0.3, -0.2, 1.0], dtype=torch.float64)
RUNNING_VAR = torch.tensor([0.5, 2.0, 1.5], dtype=torch.float64)


def batch_norm_train(x, w, b):
    return F.batch_norm(x, None, None, w, b, training=True)


def np_batch_norm(x, w, b):
    dims = (0,) + tuple(range(2, x.ndim))
    view = (1, -1) + (1,) * (x.ndim - 2)
    return (x - x.mean(dims, keepdims=True)) / np.sqrt(x.var(dims, keepdims=True) + 1e-5) * w.reshape(view) + \
        b.reshape(view)


LAYER_NORM_SHAPES = ((3, 2, 5), (2, 5), (2, 5))
LAYER_NORM_INPUT = torch.tensor(np.random.default_rng(3).standard_normal(LAYER_NORM_SHAPES[0]))
LAYER_NORM_WEIGHT = torch.tensor(np.random.default_rng(4).standard_normal(LAYER_NORM_SHAPES[1])).requires_grad_()
EMBEDDING_INDICES = torch.tensor([[1, 4, 0, 4], [2, 2, 5, 1]])  # rows read twice: their gradients add


def layer_norm(x, w, b):
    return F.layer_norm(x, (2, 5), w, b)


def np_layer_norm(x, w, b):
    dims = (-2, -1)
    return (x - x.mean(dims, keepdims=True)) / np.sqrt(x.var(dims, keepdims=True) + 1e-5) * w + b


def conv(x, w, b=None):  # a grouped, strided, padded convolution: (2, 4, 5, 5) * (6, 2, 3, 3) -> (2, 6, 3, 3)
    return F.conv2d(x, w, b, stride=2, padding=1, groups=2)


CONV_SHAPES = ((2, 4, 5, 5), (6, 2, 3, 3))


def grad_via_backward(shape):
    """a -> x.grad after backward(create_graph=True) of (x * a).sum(): the first .grad is CopyBackwards(a)."""
    def fn(a):
        x = torch.zeros(*shape, dtype=torch.float64).requires_grad_()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # torch's reference-cycle warning for create_graph
            (x * a).sum().backward(create_graph=True, inputs=[x])
        return x.grad
    return fn


def write_through_view(view, op, out="view"):
    """(a, v) -> op applied in place to view(a.clone()) by v; returns the view (AsStridedBackward0 of the
    updated base, in torch) or the base (whose history gained a CopySlices)."""
    def fn(a, v):
        y = a.clone()
        part = view(y)
        op(part, v)
        return part if out == "view" else y
    return fn


CASES = [
    # arithmetic
    C("add", lambda a, b: a + b, BINARY, ref=np.add),
    C("add", lambda a, b: torch.add(a, b, alpha=2.5), BINARY, ref=lambda a, b: a + 2.5 * b, name="alpha"),
    C("add", lambda a: a + 2.0, UNARY, ref=lambda a: a + 2.0, name="scalar"),
    C("sub", lambda a, b: a - b, BINARY, ref=np.subtract),
    C("sub", lambda a, b: a.sub(b, alpha=3), BINARY, ref=lambda a, b: a - 3 * b, name="alpha"),
    C("rsub", lambda a: 2.0 - a, UNARY, ref=lambda a: 2.0 - a),
    C("mul", lambda a, b: a * b, BINARY, ref=np.multiply),
    C("mul", lambda a: 3 * a, UNARY, ref=lambda a: 3 * a, name="scalar"),
    C("mul", lambda a, b: torch.outer(a, b), [((3,), (4,))], ref=np.outer, name="outer"),
    C("mul", lambda a, b: a.clone().mul_(b), [((3, 4), (4,))], ref=np.multiply, name="inplace"),
    C("div", lambda a, b: a / b, BINARY, (normal, away(0.0, margin=0.4)), ref=np.divide),
    C("div", lambda a: a / 4.0, UNARY, ref=lambda a: a / 4.0, name="scalar"),
    C("div", lambda a, b: a.clone().div_(b), [((3, 4), (3, 1))], (normal, positive), ref=np.divide, name="inplace"),
    C("neg", lambda a: -a, UNARY, ref=np.negative),
    C("reciprocal", lambda a: a.reciprocal(), UNARY, away(0.0, margin=0.4), ref=np.reciprocal),
    C("reciprocal", lambda a: 2.0 / a, UNARY, positive, ref=lambda a: 2.0 / a, name="rtruediv"),
    C("pow_scalar", lambda a: a ** 3, UNARY, ref=lambda a: a ** 3),
    C("pow_scalar", lambda a: a ** 2.5, UNARY, positive, ref=lambda a: a ** 2.5, name="fractional"),
    C("pow_scalar", lambda a: torch.pow(a, -1.5), UNARY, positive, ref=lambda a: a ** -1.5, name="negative"),
    C("pow_scalar", lambda a: a ** 0 + a, UNARY, ref=lambda a: 1 + a, name="zero"),
    C("pow_tensor", lambda a, b: a ** b, BINARY, (positive, normal), ref=np.power),
    C("rpow", lambda a: 2.0 ** a, UNARY, ref=lambda a: 2.0 ** a),
    C("rpow", lambda a: torch.pow(0.5, a), UNARY, ref=lambda a: 0.5 ** a, name="torch_pow"),
    C("remainder", lambda a, b: a % b, [((3, 4), (3, 4)), ((3, 4), (4,))], joint=remainder_inputs, ref=np.remainder),
    C("remainder_scalar", lambda a: a.remainder(0.7), UNARY, away(*np.arange(-2.1, 2.2, 0.7), margin=0.05),
      ref=lambda a: np.remainder(a, 0.7)),
    # elementwise functions
    C("exp", lambda a: a.exp(), UNARY, ref=np.exp),
    C("log", lambda a: a.log(), UNARY, positive, ref=np.log),
    C("log1p", lambda a: torch.log1p(a), UNARY, uniform(-0.5, 2.0), ref=np.log1p),
    C("sin", lambda a: a.sin(), UNARY, ref=np.sin),
    C("cos", lambda a: torch.cos(a), UNARY, ref=np.cos),
    C("tan", lambda a: a.tan(), UNARY, uniform(-1.2, 1.2), ref=np.tan),
    C("tanh", lambda a: a.tanh(), UNARY, ref=np.tanh),
    C("sigmoid", lambda a: a.sigmoid(), UNARY, uniform(-5.0, 5.0), ref=np_sigmoid),
    C("sigmoid", lambda a: F.sigmoid(a * 20), [((6,),)], ref=lambda a: np_sigmoid(a * 20), name="saturated"),
    C("relu", lambda a: a.relu(), UNARY, away(0.0), ref=lambda a: np.maximum(a, 0)),
    C("relu", lambda a: F.relu(a) * a, UNARY, away(0.0), ref=lambda a: np.maximum(a, 0) * a, name="times_input"),
    # torch.nn.functional's other activations (gradcli/engine/ops/activations.py)
    C("leaky_relu", lambda a: F.leaky_relu(a, 0.2), UNARY, away(0.0), ref=lambda a: np.where(a > 0, a, 0.2 * a)),
    C("leaky_relu_", lambda a: F.leaky_relu(a * 1, 0.3, inplace=True), UNARY, away(0.0),
      ref=lambda a: np.where(a > 0, a, 0.3 * a)),
    C("elu", lambda a: F.elu(a, 0.7), UNARY, away(0.0), ref=lambda a: np.where(a > 0, a, 0.7 * np.expm1(a))),
    C("elu_", lambda a: F.elu_(a * 1, 1.5), UNARY, away(0.0), ref=lambda a: np.where(a > 0, a, 1.5 * np.expm1(a))),
    C("silu", lambda a: F.silu(a), UNARY, ref=lambda a: a * np_sigmoid(a)),
    C("softplus", lambda a: F.softplus(a, 2.0, 3.0), UNARY, away(1.5),
      ref=lambda a: np.where(2 * a > 3, a, np.log1p(np.exp(2 * a)) / 2)),
    C("gelu", lambda a: F.gelu(a), UNARY, ref=lambda a: a / 2 * (1 + np.vectorize(math.erf)(a / math.sqrt(2)))),
    C("gelu", lambda a: F.gelu(a, approximate="tanh"), UNARY,
      ref=lambda a: a / 2 * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3))), name="tanh"),
    C("prelu", lambda a, w: F.prelu(a, w), [((3, 4), (4,)), ((2, 4, 3), (4,)), ((5,), (1,))], (away(0.0), normal),
      ref=lambda a, w: np.where(a > 0, a, (w.reshape(-1, *[1] * (a.ndim - 2)) if a.ndim > 1 else w) * a)),
    C("hardtanh", lambda a: F.hardtanh(a, -1.5, 0.5) * a, UNARY, away(-1.5, 0.5),
      ref=lambda a: np.clip(a, -1.5, 0.5) * a),
    C("sqrt", lambda a: a.sqrt(), UNARY, positive, ref=np.sqrt),
    C("abs", lambda a: a.abs(), UNARY, away(0.0), ref=np.abs),
    C("abs", lambda a: abs(a) * a, UNARY, away(0.0), ref=lambda a: np.abs(a) * a, name="times_input"),
    C("abs", lambda a, b: F.l1_loss(a, b), [((3, 4), (3, 4))], joint=lambda rng, shapes: [
        rng.uniform(-2, 2, shapes[0]), rng.uniform(-2, 2, shapes[1]) + rng.choice([-0.5, 0.5], shapes[1])],
      ref=lambda a, b: np.abs(a - b).mean(), name="l1_loss"),
    C("sign", lambda a: a.sign() * a, UNARY, away(0.0), ref=lambda a: np.sign(a) * a),
    C("sgn", lambda a: a.sgn() * a, UNARY, away(0.0), ref=lambda a: np.sign(a) * a),
    C("rsqrt", lambda a: a.rsqrt(), UNARY, positive, ref=lambda a: 1 / np.sqrt(a)),
    C("clamp", lambda a: a.clamp(-0.5, 0.5), UNARY, away(-0.5, 0.5), ref=lambda a: np.clip(a, -0.5, 0.5)),
    C("clamp", lambda a: torch.clamp(a, min=-0.5) ** 2, UNARY, away(-0.5), ref=lambda a: np.maximum(a, -0.5) ** 2,
      name="min_only"),
    C("clamp", lambda a: a.clip(max=0.5) * a, UNARY, away(0.5), ref=lambda a: np.minimum(a, 0.5) * a, name="max_only"),
    C("clamp_tensor", lambda a: a.clamp(min=torch.tensor(CLAMP_LO), max=torch.tensor(CLAMP_HI)), [((3, 4),), ((4,),)],
      away(*CLAMP_LO, *CLAMP_HI, margin=0.03), ref=lambda a: np.clip(a, CLAMP_LO, CLAMP_HI)),
    C("clamp_tensor", lambda a, lo: a.clamp(min=lo, max=lo + 1), [((3, 4), (4,))], (normal, uniform(-1.0, 1.0)),
      joint=lambda rng, shapes: [rng.choice([-1.0, 0.5, 1.75], shapes[0]) + rng.uniform(-0.1, 0.1, shapes[0]),
                                 rng.uniform(-0.25, 0.25, shapes[1])],  # below, inside, above [lo, lo + 1]
      ref=lambda a, lo: np.clip(a, lo, lo + 1), name="grad_to_bounds",
      xfail="clamp with Tensor bounds sends no gradient to min/max (torch's ClampBackward0 does): "
            "the bounds are rule params, not inputs"),
    C("clamp_min", lambda a: a.clamp_min(0.3), UNARY, away(0.3), ref=lambda a: np.maximum(a, 0.3)),
    C("clamp_max", lambda a: a.clamp_max(0.3) * a, UNARY, away(0.3), ref=lambda a: np.minimum(a, 0.3) * a),
    C("maximum", lambda a, b: torch.maximum(a, b), BINARY, (lattice(0.0), lattice(0.1)), ref=np.maximum),
    C("maximum", lambda a, b: a.max(b) * a, BINARY, (lattice(0.0), lattice(0.1)), ref=lambda a, b: np.maximum(a, b) * a,
      name="method"),
    C("minimum", lambda a, b: torch.minimum(a, b) * b, BINARY, (lattice(0.1), lattice(0.0)),
      ref=lambda a, b: np.minimum(a, b) * b),
    C("where", lambda a, b: torch.where(torch.tensor(COND), a, b), [((3, 1), (4,)), ((3, 4), ())],
      ref=lambda a, b: np.where(COND, a, b)),
    C("where", lambda a: torch.where(torch.tensor(COND), a * a, 1.5), [((2, 4),)],
      ref=lambda a: np.where(COND, a * a, 1.5), name="scalar"),
    C("where", lambda a, b: torch.where(a > 0, a, b * a), [((3, 4), (4,))], (away(0.0), normal),
      ref=lambda a, b: np.where(a > 0, a, b * a), name="compare"),
    # calculus functions (issue 11)
    C("atan", lambda a: torch.atan(a), UNARY, ref=np.arctan),
    C("asin", lambda a: a.asin(), UNARY, uniform(-0.9, 0.9), ref=np.arcsin),
    C("acos", lambda a: torch.arccos(a), UNARY, uniform(-0.9, 0.9), ref=np.arccos),
    C("sinh", lambda a: a.sinh(), UNARY, ref=np.sinh),
    C("cosh", lambda a: torch.cosh(a), UNARY, ref=np.cosh),
    C("asinh", lambda a: a.asinh(), UNARY, ref=np.arcsinh),
    C("acosh", lambda a: torch.acosh(a), UNARY, uniform(1.2, 3.0), ref=np.arccosh),
    C("atanh", lambda a: a.atanh(), UNARY, uniform(-0.9, 0.9), ref=np.arctanh),
    C("log10", lambda a: torch.log10(a), UNARY, positive, ref=np.log10),
    C("log2", lambda a: a.log2(), UNARY, positive, ref=np.log2),
    C("exp2", lambda a: torch.exp2(a), UNARY, ref=np.exp2),
    C("mul_scalar", gradient_of(torch.exp2, (3, 4)), [((3, 4),)], ref=lambda a: np.exp2(a) * np.log(2) * W_EXP2),
    C("expm1", lambda a: a.expm1(), UNARY, ref=np.expm1),
    C("erf", lambda a: torch.erf(a), UNARY, ref=np.vectorize(math.erf)),
    C("erfc", lambda a: a.erfc(), UNARY, ref=np.vectorize(math.erfc)),
    C("sinc", lambda a: torch.sinc(a), UNARY, away(0.0), ref=np.sinc),
    C("floor", lambda a: a.floor() * a, UNARY, away(-2.0, -1.0, 0.0, 1.0, 2.0, margin=0.05),
      ref=lambda a: np.floor(a) * a),
    C("ceil", lambda a: torch.ceil(a), UNARY, away(-2.0, -1.0, 0.0, 1.0, 2.0, margin=0.05), ref=np.ceil),
    C("trunc", lambda a: a.trunc() + a, UNARY, away(-2.0, -1.0, 0.0, 1.0, 2.0, margin=0.05), ref=lambda a: np.trunc(a) + a),
    C("round", lambda a: torch.round(a) * a, UNARY, away(-1.5, -0.5, 0.5, 1.5, margin=0.05), ref=lambda a: np.round(a) * a),
    C("round_decimals", lambda a: a.round(decimals=1), UNARY, away(*np.arange(-2.05, 2.1, 0.1), margin=0.01),
      ref=lambda a: np.round(a, 1)),
    C("frac", lambda a: torch.frac(a) * a, UNARY, away(-2.0, -1.0, 0.0, 1.0, 2.0, margin=0.05),
      ref=lambda a: (a - np.trunc(a)) * a),
    C("atan2", lambda a, b: torch.atan2(a, b), BINARY, (away(0.0, margin=0.2), normal), ref=np.arctan2),
    C("hypot", lambda a, b: a.hypot(b), BINARY, (away(0.0, margin=0.2), normal), ref=np.hypot),
    # reductions
    C("sum", lambda a: a.sum(), UNARY, ref=np.sum),
    C("sum_dim", lambda a: a.sum(1), [((3, 4),), ((2, 3, 4),)], ref=lambda a: a.sum(1)),
    C("sum_dim", lambda a: torch.sum(a, (0, -1), keepdim=True), [((2, 3, 4),)],
      ref=lambda a: a.sum((0, 2), keepdims=True), name="keepdim"),
    C("sum_dim", lambda a: a.sum(0) * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("cumsum", lambda a: a.cumsum(1), [((3, 4),), ((2, 3, 4),)], ref=lambda a: a.cumsum(1)),
    C("cumsum", lambda a: torch.cumsum(a, dim=-1), [((5,),), ((3, 1),)], ref=lambda a: a.cumsum(-1), name="last"),
    C("cumsum", lambda a: a.cumsum(0) * a, [((),), ((1,),)], ref=lambda a: a * a, name="single"),
    C("mean", lambda a: a.mean(), UNARY, ref=np.mean),
    C("mean_dim", lambda a: a.mean(-1), [((3, 4),), ((2, 3, 4),)], ref=lambda a: a.mean(-1)),
    C("mean_dim", lambda a: a.mean((0, 2), keepdim=True), [((2, 3, 4),)], ref=lambda a: a.mean((0, 2), keepdims=True),
      name="keepdim"),
    C("mean_dim", lambda a: a.mean(0) * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("var", lambda a: a.var(), [((3, 4),), ((5,),)], ref=lambda a: np.var(a, ddof=1)),
    C("var", lambda a: torch.var(a, (0, 2), keepdim=True, correction=0), [((2, 3, 4),)],
      ref=lambda a: np.var(a, (0, 2), keepdims=True), name="dims"),
    C("std", lambda a: a.std(), [((3, 4),), ((5,),)], ref=lambda a: np.std(a, ddof=1)),
    C("std", lambda a: a.std(1, False), [((3, 4),)], ref=lambda a: np.std(a, 1), name="dim"),
    C("prod", lambda a: a.prod(), [((3, 4),), ((5,),), ((),)], uniform(0.5, 1.5), ref=np.prod),
    C("prod", lambda a: a.prod(), [((3, 4),)], with_zeros((1, 2)), ref=np.prod, name="one_zero",
      xfail=PROD_ZEROS),
    C("prod_dim", lambda a: a.prod(1), [((3, 4),), ((2, 3, 2),)], uniform(0.5, 1.5), ref=lambda a: a.prod(1)),
    C("prod_dim", lambda a: a.prod(0, keepdim=True) * a, [((3, 4),)], with_zeros((0, 1), (2, 1)),
      ref=lambda a: a.prod(0, keepdims=True) * a, name="two_zeros", xfail=PROD_ZEROS),
    C("prod_dim", lambda a: a.prod(0, keepdim=True), [((3, 4),)], ref=lambda a: a.prod(0, keepdims=True),
      name="keepdim"),
    C("prod_dim", lambda a: a.prod(1), [((3, 4),)], with_zeros((1, 2)), ref=lambda a: a.prod(1), name="one_zero",
      xfail=PROD_ZEROS),
    C("prod_dim", lambda a: a.prod(-1) * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("amax_all", lambda a: a.max() * a, [((3, 4),), ((5,),)], distinct(), ref=lambda a: a.max() * a),
    C("amin_all", lambda a: torch.min(a) ** 2, [((3, 4),), ((5,),)], distinct(), ref=lambda a: a.min() ** 2),
    C("max_dim", lambda a: a.max(0).values, [((3, 4),), ((2, 3, 2),)], distinct(), ref=lambda a: a.max(0)),
    C("max_dim", lambda a: torch.max(a, 1, keepdim=True)[0] * a, [((3, 4),)], distinct(),
      ref=lambda a: a.max(1, keepdims=True) * a, name="keepdim"),
    C("max_dim", lambda a: a.max(0).values * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("min_dim", lambda a: a.min(-1).values ** 2, [((3, 4),), ((2, 3, 2),)], distinct(), ref=lambda a: a.min(-1) ** 2),
    C("min_dim", lambda a: a.min(0, keepdim=True).values * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("sort", lambda a: a.sort(1).values * a, [((3, 4),)], distinct(), ref=lambda a: np.sort(a, 1) * a),
    C("sort", lambda a: torch.sort(a, 0, descending=True)[0] ** 2, [((3, 4),), ((2, 3, 2),)], distinct(),
      ref=lambda a: np.flip(np.sort(a, 0), 0) ** 2, name="descending"),
    C("sort", lambda a: torch.msort(a) * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("topk", lambda a: a.topk(2).values ** 2, [((3, 4),), ((5,),)], distinct(),
      ref=lambda a: np.flip(np.sort(a, -1), -1)[..., :2] ** 2),
    C("topk", lambda a: torch.topk(a, 2, 0, largest=False, sorted=False).values.sum(0) * a, [((3, 4),)], distinct(),
      ref=lambda a: np.sort(a, 0)[:2].sum(0) * a, name="smallest"),
    C("kthvalue", lambda a: a.kthvalue(2, 1).values ** 2, [((3, 4),), ((2, 3, 2),)], distinct(),
      ref=lambda a: np.sort(a, 1)[:, 1] ** 2),
    C("kthvalue", lambda a: torch.kthvalue(a, 3, 0, keepdim=True).values * a, [((3, 4),)], distinct(),
      ref=lambda a: np.sort(a, 0)[2:3] * a, name="keepdim"),
    C("median", lambda a: a.median() * a, [((3, 4),), ((5,),)], distinct(),  # the lower median of an even count
      ref=lambda a: np.sort(a, None)[(a.size - 1) // 2] * a),
    C("median_dim", lambda a: torch.median(a, -1).values ** 2, [((3, 5),), ((2, 3, 3),)], distinct(),
      ref=lambda a: np.median(a, -1) ** 2),
    C("median_dim", lambda a: a.median(0, keepdim=True).values * a, [((),)], ref=lambda a: a * a, name="0d"),
    C("norm", lambda a: a.norm(), UNARY[:1] + [((5,),), one_shape], away(0.0),
      ref=lambda a: np.sqrt((a * a).sum())),
    C("norm", lambda a: a.norm(1), [((3, 4),)], away(0.0), ref=lambda a: np.abs(a).sum(), name="p1"),
    C("norm", lambda a: torch.norm(a, 3, dim=1), [((3, 4),)], away(0.0),
      ref=lambda a: (np.abs(a) ** 3).sum(1) ** (1 / 3), name="p3_dim"),
    C("norm", lambda a: a.norm(math.inf, dim=0, keepdim=True), [((3, 4),)], distinct(signed=True),
      ref=lambda a: np.abs(a).max(0, keepdims=True), name="inf"),
    C("norm", lambda a: a.norm(float("inf")), [((3, 4),)], distinct(signed=True), ref=lambda a: np.abs(a).max(),
      name="inf_all"),
    C("norm", lambda a: a.norm(0.5), [((3, 4),)], away(0.0), ref=lambda a: np.sqrt(np.abs(a)).sum() ** 2, name="p05"),
    C("norm", lambda a: a.norm(dim=0) * a, [((),)], away(0.0), ref=lambda a: np.abs(a) * a, name="0d"),
    C("norm", lambda a: a.norm(dim=(0, 2)), [((2, 3, 2),)], ref=lambda a: np.sqrt((a * a).sum((0, 2))), name="dims"),
    C("softmax", lambda a: a.softmax(1), [((3, 4),), ((2, 3, 2),)], ref=lambda a: np_softmax(a, 1)),
    C("softmax", lambda a: F.softmax(a, dim=-1), [((5,),)], ref=lambda a: np_softmax(a, -1), name="F"),
    C("softmax", lambda a: a.softmax(0) * a, [((),)], ref=lambda a: a, name="0d"),
    C("log_softmax", lambda a: F.log_softmax(a, 1), [((3, 4),), ((2, 3, 2),)], ref=lambda a: np.log(np_softmax(a, 1))),
    C("log_softmax", lambda a: a.log_softmax(0), [((5,),)], ref=lambda a: np.log(np_softmax(a, 0)), name="1d"),
    C("log_softmax", lambda a: a.log_softmax(0) + a, [((),)], ref=lambda a: a, name="0d"),
    C("threshold_backward", gradient_of(lambda a: a.relu() ** 2, (3, 4)), [((3, 4),)], away(0.0),
      ref=lambda a: 2 * np.maximum(a, 0) * np.random.default_rng(1).standard_normal((3, 4))),
    C("softmax_backward", gradient_of(lambda a: a.softmax(1), (3, 4)), [((3, 4),)]),
    C("log_softmax_backward", gradient_of(lambda a: a.log_softmax(1), (3, 4)), [((3, 4),)]),
    C("leaky_relu_backward", gradient_of(lambda a: F.leaky_relu(a, 0.2) * a, (3, 4)), [((3, 4),)], away(0.0)),
    C("elu_backward", gradient_of(lambda a: F.elu(a, 0.7), (3, 4)), [((3, 4),)], away(0.0)),
    C("elu_backward", gradient_of(lambda a: F.elu(a * 1, 0.7, inplace=True), (3, 4)), [((3, 4),)], away(0.0),
      name="of_result"),
    C("softplus_backward", gradient_of(lambda a: F.softplus(a, 2.0, 3.0), (3, 4)), [((3, 4),)], away(1.5)),
    C("gelu_backward", gradient_of(lambda a: F.gelu(a), (3, 4)), [((3, 4),)]),
    C("prelu_kernel_backward_self", gradient_of(lambda a: F.prelu(a, PRELU_WEIGHT) * a, (3, 4)), [((3, 4),)],
      away(0.0)),
    C("prelu_kernel_backward_weight", gradient_of_first(lambda w, a: F.prelu(a, w), (3, 4)), [((4,), (3, 4))],
      (normal, away(0.0))),
    C("gelu_backward", gradient_of(lambda a: F.gelu(a, approximate="tanh"), (3, 4)), [((3, 4),)], name="tanh"),
    C("hardtanh_backward", gradient_of(lambda a: F.relu6(a * 4) * a, (3, 4)), [((3, 4),)], away(0.0, 1.5)),
    C("tanh_backward", gradient_of(lambda a: a.tanh(), (3, 4)), [((3, 4),)]),
    C("sigmoid_backward", gradient_of(lambda a: a.sigmoid(), (3, 4)), [((3, 4),)]),
    C("add_scalar", gradient_of(lambda a: a.atan(), (3, 4)), [((3, 4),)]),
    C("sub_scalar", gradient_of(lambda a: a.acosh(), (3, 4)), [((3, 4),)], uniform(1.2, 3.0)),
    C("div_scalar", gradient_of_first(F.binary_cross_entropy_with_logits, ()), [((3, 4), (3, 4))], (normal, unit)),
    C("mse_backward", gradient_of_first(F.mse_loss, ()), [((3, 4), (3, 4))]),
    C("mse_backward", gradient_of_first(lambda a, b: F.mse_loss(a, b, reduction="none"), (3, 4)), [((3, 4), (3, 4))],
      name="none"),
    C("smooth_l1_backward", gradient_of_first(lambda a, b: F.smooth_l1_loss(a, b, beta=0.7), ()), [((3, 4), (3, 4))]),
    C("huber_backward", gradient_of_first(lambda a, b: F.huber_loss(a, b, reduction="none", delta=0.8), (3, 4)),
      [((3, 4), (3, 4))]),
    C("bce_backward", gradient_of_first(F.binary_cross_entropy, ()), [((3, 4), (3, 4))], (unit, unit)),
    C("bce_backward", gradient_of_first(lambda p, y: F.binary_cross_entropy(p, y, weight=LOSS_WEIGHT, reduction="sum"),
                                        ()), [((3, 4), (3, 4))], (unit, unit), name="weight_sum"),
    C("convolution", conv, [CONV_SHAPES + ((6,),)], name="grouped"),
    C("convolution", lambda x, w: F.conv2d(x, w, padding="same", dilation=(2, 1)), [((1, 2, 6, 5), (3, 2, 3, 2))],
      name="same_dilated"),
    C("convolution", lambda x, w, b: F.conv1d(x, w, b, stride=2), [((2, 3, 9), (4, 3, 3), (4,))], name="1d"),
    C("conv_input_grad", backward_of(conv, 0, CONV_SHAPES), [((2, 6, 3, 3), CONV_SHAPES[1])]),
    C("conv_weight_grad", backward_of(conv, 1, CONV_SHAPES), [((2, 6, 3, 3), CONV_SHAPES[0])]),
    C("conv_bias_grad", backward_of(lambda x, w, b: conv(x, w, b), 2, CONV_SHAPES + ((6,),)),
      [((2, 6, 3, 3), *CONV_SHAPES)]),
    C("batch_norm", batch_norm_train, BATCH_NORM_SHAPES, ref=np_batch_norm, name="training"),
    C("batch_norm", lambda x, w, b: F.batch_norm(x, RUNNING_MEAN, RUNNING_VAR, w, b), [((6, 3), (3,), (3,))],
      ref=lambda x, w, b: (x - RUNNING_MEAN.numpy()) / np.sqrt(RUNNING_VAR.numpy() + 1e-5) * w + b, name="eval"),
    C("batch_norm", lambda x: F.batch_norm(x, None, None, training=True), [((3, 2, 2, 2),)], name="no_affine"),
    C("batch_norm_grad_input", backward_of(batch_norm_train, 0, BATCH_NORM_SHAPES[0]), [BATCH_NORM_SHAPES[0]]),
    C("batch_norm_grad_input", backward_of(lambda x, w: F.batch_norm(x, RUNNING_MEAN, RUNNING_VAR, w), 0,
                                           ((6, 3), (3,))), [((6, 3), (3,))], name="eval"),
    C("batch_norm_grad_input", backward_of(batch_norm_train, 0, BATCH_NORM_SHAPES[1]), [BATCH_NORM_SHAPES[1]],
      name="3d"),
    C("batch_norm_grad_weight", backward_of(lambda x, w: F.batch_norm(x, None, None, w, training=True), 1,
                                            ((2, 3, 2, 2), (3,))), [((2, 3, 2, 2), (2, 3, 2, 2))], name="training",
      xfail="torch's batchnorm_double_backward takes the batch's mean and invstd as constants: its third derivative "
            "in the input is not the true one (torch's own gradgradcheck fails there), and gradcli's is torch's"),
    C("batch_norm_grad_weight", backward_of(lambda x, w: F.batch_norm(x, RUNNING_MEAN, RUNNING_VAR, w), 1,
                                            ((6, 3), (3,))), [((6, 3), (6, 3))], name="eval"),
    C("batch_norm_grad_bias", backward_of(batch_norm_train, 2, BATCH_NORM_SHAPES[0]),
      [((6, 3), (6, 3), (3,))]),
    C("layer_norm", layer_norm, [LAYER_NORM_SHAPES], ref=np_layer_norm),
    C("layer_norm", lambda x: F.layer_norm(x, (4,), eps=1e-3), [((3, 4),)], name="no_affine"),
    C("layer_norm_grad_input", backward_of(layer_norm, 0, LAYER_NORM_SHAPES), [LAYER_NORM_SHAPES]),
    C("layer_norm_grad_input", backward_of(lambda x: F.layer_norm(x, (4,)), 0, ((3, 4),)), [((3, 4),)],
      name="no_affine"),
    C("layer_norm_grad_weight", backward_of(lambda x, w: F.layer_norm(x, (2, 5), w), 1, LAYER_NORM_SHAPES[:2]),
      [((3, 2, 5), (3, 2, 5))], name="in_input",
      xfail="torch's layer_norm_double_backward takes the rows' mean and rstd as constants: its third derivative "
            "in the input is not the true one, and gradcli's is torch's"),
    C("layer_norm_grad_weight", lambda g: torch.autograd.grad(F.layer_norm(LAYER_NORM_INPUT, (2, 5), LAYER_NORM_WEIGHT),
                                                              LAYER_NORM_WEIGHT, g, create_graph=True)[0],
      [((3, 2, 5),)]),
    C("layer_norm_grad_bias", backward_of(layer_norm, 2, LAYER_NORM_SHAPES), [((3, 2, 5),) + LAYER_NORM_SHAPES[:2]]),
    C("embedding", lambda w: F.embedding(EMBEDDING_INDICES, w), [((6, 3),)],
      ref=lambda w: w[EMBEDDING_INDICES.numpy()]),
    C("embedding_backward", backward_of(lambda w: F.embedding(EMBEDDING_INDICES, w, padding_idx=2), 0, ((6, 3),)),
      [((2, 4, 3),)]),
    C("max_pool2d", lambda a: F.max_pool2d(a, 2), [((2, 3, 4, 6),), ((3, 4, 6),)], ref=lambda a: a.reshape(
        *a.shape[:-2], a.shape[-2] // 2, 2, a.shape[-1] // 2, 2).max((-3, -1)), name="2x2"),
    C("max_pool2d", lambda a: F.max_pool2d(a, 3, stride=2, padding=1, dilation=(1, 2), ceil_mode=True),
      [((1, 2, 6, 7),)], name="overlapping"),
    C("max_pool2d_backward", backward_of(lambda a: F.max_pool2d(a, 3, stride=2, padding=1), 0, ((1, 2, 6, 6),)),
      [((1, 2, 3, 3),)]),
    C("avg_pool2d", lambda a: F.avg_pool2d(a, 2), [((2, 3, 4, 6),), ((3, 4, 4),)], ref=lambda a: a.reshape(
        *a.shape[:-2], a.shape[-2] // 2, 2, a.shape[-1] // 2, 2).mean((-3, -1)), name="2x2"),
    C("avg_pool2d", lambda a: F.avg_pool2d(a, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
      [((1, 2, 6, 7),)], name="padded"),
    C("avg_pool2d_backward", backward_of(lambda a: F.avg_pool2d(a, 3, 2, 1, True), 0, ((1, 2, 6, 6),)),
      [((1, 2, 4, 4),)]),
    C("nll_backward", gradient_of(lambda a: F.nll_loss(a.log_softmax(1), TARGET), ()), [((5, 4),)]),
    C("nll_backward", gradient_of(lambda a: F.nll_loss(a, TARGET_IGNORED, weight=CLASS_WEIGHT, reduction="none") * a[:, 0],
                                  ()), [((5, 4),)], name="none"),
    # linear algebra
    C("mm", lambda a, b: a.mm(b), [((3, 4), (4, 2)), ((1, 3), (3, 1))], ref=np.matmul),
    C("mm", lambda a, b: a @ b, [((2, 3), (3, 4))], ref=np.matmul, name="matmul"),
    C("bmm", lambda a, b: a @ b, [((2, 3, 4), (2, 4, 2)), ((1, 3, 2), (2, 2, 3)), ((2, 1, 2, 3), (3, 3, 2))],
      ref=np.matmul),
    C("unsafe_view", lambda a, b: a @ b, [((2, 3, 4), (4,))], ref=np.matmul, name="batch_vector"),
    C("unsafe_view", lambda a, b: a @ b, [((4,), (2, 4, 3))], ref=np.matmul, name="vector_batch"),
    C("mv", lambda a, b: a.mv(b), [((3, 4), (4,))], ref=np.matmul),
    C("mv", lambda a, b: a @ b, [((2, 3), (3,))], ref=np.matmul, name="matmul"),
    C("dot", lambda a, b: torch.dot(a, b), [((4,), (4,))], ref=np.dot),
    C("dot", lambda a, b: a @ b, [((3,), (3,))], ref=np.dot, name="matmul"),
    C("squeeze_matmul", lambda a, b: a @ b, [((3,), (3, 4))], ref=np.matmul),
    C("unsafe_view", lambda a, b: a @ b, [((2, 3, 4), (4, 2))], ref=np.matmul, name="batch_matmul"),
    C("unsafe_view", lambda a: a.t().reshape(-1), [((3, 4),)], ref=lambda a: a.T.reshape(-1), name="reshape"),
    C("addmm", lambda a, b, c: torch.addmm(a, b, c), [((2,), (3, 4), (4, 2)), ((3, 2), (3, 4), (4, 2))],
      ref=lambda a, b, c: a + b @ c),
    C("addmm", lambda a, b, c: torch.addmm(a, b, c, beta=0.5, alpha=-2), [((3, 2), (3, 4), (4, 2))],
      ref=lambda a, b, c: 0.5 * a - 2 * b @ c, name="beta_alpha"),
    C("addmm", lambda x, w, b: F.linear(x, w, b), [((3, 4), (2, 4), (2,)), ((2, 3, 4), (2, 4), (2,))],
      ref=lambda x, w, b: x @ w.T + b, name="linear"),
    C("solve", lambda a, b: torch.linalg.solve(a, b), [((3, 3), (3,)), ((3, 3), (3, 2)), ((2, 3, 3), (2, 3))],
      joint=well_conditioned, ref=solve_ref),
    C("solve", lambda a, b: torch.linalg.solve(a, b, left=False), [((3, 3), (2, 3)), ((2, 3, 3), (2, 2, 3))],
      joint=well_conditioned, ref=lambda a, b: np.swapaxes(solve_ref(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2)), -1, -2),
      name="right"),
    C("lstsq", lambda a, b: torch.linalg.lstsq(a, b).solution,
      [((5, 3), (5, 2)), ((3, 5), (3,)), ((4, 4), (4, 2)), ((2, 5, 3), (2, 5)), ((1, 5, 3), (2, 5, 2))], ref=lstsq_ref),
    C("lstsq", lambda a, b: torch.linalg.lstsq(a, b, driver="gelsd").solution, [((3, 5), (3, 2))], ref=lstsq_ref,
      name="gelsd"),
    C("lstsq_residuals", lambda a, b: torch.linalg.lstsq(a, b, driver="gels").residuals,
      [((5, 3), (5, 2)), ((5, 3), (5,)), ((2, 6, 3), (2, 6, 1))], ref=lstsq_residuals_ref),
    C("pinv", gradient_of(lambda a: torch.linalg.lstsq(a, LSTSQ_B).solution, (3, 2)), [((5, 3),)]),
    C("pinv", gradient_of(lambda a: torch.linalg.lstsq(a, LSTSQ_B[:3]).solution, (5, 2)), [((3, 5),)], name="wide"),
    # shapes
    C("view", lambda a: a.view(4, 3) * 2, [((3, 4),)], ref=lambda a: a.reshape(4, 3) * 2),
    C("view", lambda a: a.reshape(-1), [((2, 3, 2),)], ref=lambda a: a.reshape(-1), name="reshape"),
    C("view", lambda a: a.flatten(1), [((2, 3, 2),)], ref=lambda a: a.reshape(2, -1), name="flatten"),
    C("clone", lambda a: a.clone() * a, UNARY, ref=lambda a: a * a),
    C("copy", grad_via_backward((3, 4)), [((3, 4),), ((4,),)], ref=lambda a: np.broadcast_to(a, (3, 4))),
    C("to", lambda a: a.to(torch.float64, copy=True) * a, UNARY, ref=lambda a: a * a),
    C("alias", lambda a: a[...] * a, UNARY, ref=lambda a: a * a),
    C("t", lambda a: a.t(), [((3, 4),), ((4,),)], ref=lambda a: a.T),
    C("transpose", lambda a: a.transpose(0, 2), [((2, 3, 4),)], ref=lambda a: a.swapaxes(0, 2)),
    C("permute", lambda a: a.permute(2, 0, 1), [((2, 3, 4),)], ref=lambda a: a.transpose(2, 0, 1)),
    C("permute", lambda a: a.T, [((3, 4),), ((2, 3, 4),)], ref=lambda a: a.T, name="T"),
    C("flip", lambda a: a.flip(0, 2), [((2, 3, 4),)], ref=lambda a: a[::-1, :, ::-1]),
    C("tril", lambda a: a.tril(-1) * a, [((4, 3),), ((2, 3, 3),)], ref=lambda a: np.tril(a, -1) * a),
    C("logsumexp", lambda a: torch.logsumexp(a, 1), [((3, 4),), ((2, 3, 5),)],
      ref=lambda a: np.log(np.exp(a).sum(1))),
    C("triu", lambda a: torch.triu(a, 1) * a, [((3, 4),), ((2, 4, 4),)], ref=lambda a: np.triu(a, 1) * a),
    C("flip", lambda a: torch.flip(a, [-1]) * a, [((5,),), ((),)], ref=lambda a: (a[::-1] if a.ndim else a) * a, name="product"),
    C("squeeze", lambda a: a.squeeze(), [((3, 1, 4),), ((1, 1),)], ref=np.squeeze),
    C("squeeze_dim", lambda a: a.squeeze(1), [((3, 1, 4),), ((3, 4),)], ref=lambda a: a.reshape(
        [n for i, n in enumerate(a.shape) if i != 1 or n != 1])),
    C("unsqueeze", lambda a: a.unsqueeze(-1), [((3, 4),), ((),)], ref=lambda a: np.expand_dims(a, -1)),
    C("unsqueeze", lambda a: a[None, :, None], [((3,),)], ref=lambda a: a[None, :, None], name="none_index"),
    C("expand", lambda a: a.expand(2, 3, 4), [((3, 1),), ((4,),), ((),)], ref=lambda a: np.broadcast_to(a, (2, 3, 4))),
    C("expand", lambda a: a.expand_as(torch.zeros(2, 3, 4)) * a, [((3, 1),)],
      ref=lambda a: np.broadcast_to(a, (2, 3, 4)) * a, name="expand_as"),
    C("select", lambda a: a[1], [((3, 4),)], ref=lambda a: a[1]),
    C("select", lambda a: a[:, -1] * a[0, 0], [((3, 4),)], ref=lambda a: a[:, -1] * a[0, 0], name="two"),
    C("slice", lambda a: a[1:3], [((4, 3),)], ref=lambda a: a[1:3]),
    C("slice", lambda a: a[:, ::2] * a[:, 1::2], [((3, 4),)], ref=lambda a: a[:, ::2] * a[:, 1::2], name="steps"),
    C("split", lambda a: a.split(2)[1] * a.split(2)[0], [((4, 3),)], ref=lambda a: a[2:4] * a[0:2]),
    C("split_with_sizes", lambda a: a.split([1, 3], dim=1)[1], [((2, 4),)], ref=lambda a: a[:, 1:4]),
    C("unbind", lambda a: a.unbind(1)[2] * a.unbind(1)[0], [((3, 4),)], ref=lambda a: a[:, 2] * a[:, 0]),
    C("index", lambda a: a[[0, 2]], [((3, 4),)], ref=lambda a: a[[0, 2]]),
    C("index", lambda a: a[[-1, 0]] * a[0, 1], [((3, 4),)], ref=lambda a: a[[-1, 0]] * a[0, 1], name="negative"),
    C("index", lambda a: a[1:, [0, 2]][:, 1] ** 2, [((3, 4),)], ref=lambda a: a[1:, [0, 2]][:, 1] ** 2,
      name="slice_then_list"),
    C("index", lambda a: a[[0, 2, 0]] ** 2, [((3, 4),)], ref=lambda a: a[[0, 2, 0]] ** 2, name="repeated"),
    C("index", lambda a: a[:, [1, 3, 1]] * a[0, 0], [((3, 4),)], ref=lambda a: a[:, [1, 3, 1]] * a[0, 0],
      name="slice_and_list"),
    C("index", lambda a: a[[0, 1, 1], [2, 3, 2]], [((3, 4),)], ref=lambda a: a[[0, 1, 1], [2, 3, 2]], name="pairs"),
    C("index", lambda a: a[torch.tensor([[0, 1], [2, 0]])], [((3, 4),)], ref=lambda a: a[np.array([[0, 1], [2, 0]])],
      name="tensor_2d"),
    C("index", lambda a: a[BOOL_MASK] ** 2, [((3, 4),)], ref=lambda a: a[BOOL_MASK.numpy()] ** 2, name="bool_mask"),
    C("embed", index_grad([0, 2, 0], (3, 4)), [((3, 4),)], ref=np_index_grad(([0, 2, 0],), (3, 4))),
    C("embed", index_grad(([0, 1, 1], [2, 3, 2]), (3, 4)), [((3,),)], ref=np_index_grad(([0, 1, 1], [2, 3, 2]), (3, 4)),
      name="pairs"),
    C("index_put", clone_put([0, 2]), [((3, 4), (2, 4)), ((3, 4), (4,))], ref=lambda a, v: np_put(a, [0, 2], v)),
    C("copy_slices", clone_put((slice(1, 3), 0)), [((3, 4), (2,)), ((3, 4), ())],
      ref=lambda a, v: np_put(a, (slice(1, 3), 0), v), name="basic"),
    C("index_put", lambda a, v: clone_put(BOOL_MASK)(a * a, v), [((3, 4), (1,))],
      ref=lambda a, v: np_put(a * a, BOOL_MASK.numpy(), v), name="bool_mask"),
    C("as_strided", write_through_view(lambda y: y[1], lambda t, v: t.mul_(v)), [((3, 4), (4,)), ((3, 4), ())],
      ref=lambda a, v: a[1] * v),
    C("as_strided", write_through_view(lambda y: y.t()[1:3], lambda t, v: t.add_(v)), [((3, 4), (3,))],
      ref=lambda a, v: a.T[1:3] + v, name="transposed"),
    C("copy_slices", write_through_view(lambda y: y[:, ::2], lambda t, v: t.mul_(v), out="base"), [((3, 4), (3, 1))],
      ref=lambda a, v: np_put(a, (slice(None), slice(None, None, 2)), a[:, ::2] * v), name="through_view"),
    C("gather", lambda a: a.gather(1, torch.tensor(GATHER_INDEX)), [((3, 4),)],
      ref=lambda a: np.take_along_axis(a, np.array(GATHER_INDEX), 1)),
    C("scatter", lambda a, v: a.scatter(0, torch.tensor(SCATTER_INDEX), v), [((3, 4), (2, 4))],
      ref=lambda a, v: np_scatter(a, v)),
    C("scatter_value", lambda a: a.scatter(0, torch.tensor(SCATTER_INDEX), 2.5) * a, [((3, 4),)],
      ref=lambda a: np_scatter(a, 2.5) * a),
    C("scatter_add", lambda a, v: a.scatter_add(0, torch.tensor(SCATTER_ADD_INDEX), v), [((3, 4), (2, 4))],
      ref=lambda a, v: np_scatter_add(a, v)),
    C("cat", lambda a, b: torch.cat([a, b], 1), [((2, 3), (2, 2))], ref=lambda a, b: np.concatenate([a, b], 1)),
    C("cat", lambda a, b, c: torch.cat([a, b * c, c]), [((1, 3), (2, 3), (2, 3))],
      ref=lambda a, b, c: np.concatenate([a, b * c, c]), name="three"),
    C("cat", lambda a, b: torch.cat([a, b], -1) * a, [((2, 3), (2, 0))], ref=lambda a, b: a * a, name="empty"),
    C("stack", lambda a, b: torch.stack([a, b], -1), [((2, 3), (2, 3)), ((), ())],
      ref=lambda a, b: np.stack([a, b], -1)),
    C("stack", lambda a, b: torch.stack([a * b, a, b], -1), [((4,), (4,))],
      ref=lambda a, b: np.stack([a * b, a, b], -1), name="three"),
    C("masked_fill", lambda a: a.masked_fill(torch.tensor([True, False, False, True]), 0.5), [((3, 4),)],
      ref=lambda a: np.where([True, False, False, True], 0.5, a)),
    C("zero", lambda a: a.clone().zero_() + a, UNARY, ref=lambda a: a),
    C("fill", lambda a: a.clone().fill_(1.5) * a, UNARY, ref=lambda a: 1.5 * a),
    # losses
    C("mse", lambda a, b: F.mse_loss(a, b), [((3, 4), (3, 4)), ((5,), (5,))], ref=lambda a, b: ((a - b) ** 2).mean()),
    C("mse", lambda a, b: F.mse_loss(a, b, reduction="none"), [((3, 4), (3, 4))], ref=lambda a, b: (a - b) ** 2,
      name="none"),
    C("mse", lambda a, b: F.mse_loss(a, b, reduction="sum"), [((3, 4), (3, 4))], ref=lambda a, b: ((a - b) ** 2).sum(),
      name="sum"),
    C("smooth_l1", lambda a, b: F.smooth_l1_loss(a, b, beta=0.7), [((3, 4), (3, 4)), ((5,), (5,))],
      ref=lambda a, b: np.where(abs(a - b) < 0.7, 0.5 * (a - b) ** 2 / 0.7, abs(a - b) - 0.35).mean()),
    C("smooth_l1", lambda a, b: F.smooth_l1_loss(a, b, reduction="none"), [((3, 4), (3, 4))],
      ref=lambda a, b: np.where(abs(a - b) < 1, 0.5 * (a - b) ** 2, abs(a - b) - 0.5), name="none"),
    C("huber", lambda a, b: F.huber_loss(a, b, reduction="sum", delta=0.8), [((3, 4), (3, 4))],
      ref=lambda a, b: np.where(abs(a - b) < 0.8, 0.5 * (a - b) ** 2, 0.8 * (abs(a - b) - 0.4)).sum()),
    C("bce_logits", lambda x, y: F.binary_cross_entropy_with_logits(x, y), [((3, 4), (3, 4))], (normal, unit),
      ref=lambda x, y: ((1 - y) * x + np_softplus(-x)).mean()),
    C("bce_logits", lambda x, y: F.binary_cross_entropy_with_logits(x, y, weight=LOSS_WEIGHT,
                                                                     pos_weight=torch.tensor(2.5), reduction="none"),
      [((3, 4), (3, 4))], (normal, unit),
      ref=lambda x, y: ((1 - y) * x + (1 + 1.5 * y) * np_softplus(-x)) * LOSS_WEIGHT.numpy(), name="weights"),
    C("bce_logits", lambda x, y: F.binary_cross_entropy_with_logits(x, y, reduction="sum"), [((5,), (5,))],
      (normal, unit), ref=lambda x, y: ((1 - y) * x + np_softplus(-x)).sum(), name="sum"),
    C("bce", lambda p, y: F.binary_cross_entropy(p, y), [((3, 4), (3, 4))], (unit, unit),
      ref=lambda p, y: -(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()),
    C("bce", lambda p, y: F.binary_cross_entropy(p, y, weight=LOSS_WEIGHT, reduction="none"), [((3, 4), (3, 4))],
      (unit, unit), ref=lambda p, y: -(y * np.log(p) + (1 - y) * np.log(1 - p)) * LOSS_WEIGHT.numpy(), name="weight"),
    C("nll", lambda a: F.nll_loss(F.log_softmax(a, 1), TARGET), [((5, 4),)],
      ref=lambda a: -np.log(np_softmax(a, 1))[np.arange(5), TARGET.numpy()].mean()),
    C("nll", lambda a: F.nll_loss(a, TARGET, weight=CLASS_WEIGHT, reduction="none") * a[:, 0], [((5, 4),)],
      ref=lambda a: -a[np.arange(5), TARGET.numpy()] * CLASS_WEIGHT.numpy()[TARGET.numpy()] * a[:, 0], name="none"),
    C("nll", lambda a: F.cross_entropy(a, TARGET_IGNORED, weight=CLASS_WEIGHT), [((5, 4),)],
      ref=lambda a: _np_weighted_nll(np.log(np_softmax(a, 1)), TARGET_IGNORED.numpy(), CLASS_WEIGHT.numpy()),
      name="weight_ignore"),
    C("nll", lambda a: F.nll_loss(a.log_softmax(0), torch.tensor(2), reduction="sum"), [((4,),)],
      ref=lambda a: -np.log(np_softmax(a, 0))[2], name="1d"),
]

# The vjps of linear rules read only g. With f's output squared, g = 2 w f depends on the inputs, so the
# second-order check also catches a vjp that computes the right numbers but drops g's graph.
LINEAR = ["add", "sub", "rsub", "neg", "where", "sum", "sum_dim", "cumsum", "flip", "mean", "mean_dim", "view", "unsafe_view-reshape",
          "copy", "t", "transpose", "permute", "squeeze", "squeeze_dim", "squeeze_matmul", "unsqueeze", "expand",
          "select", "slice", "index", "embed", "copy_slices-basic", "index_put", "as_strided", "as_strided-transposed", "cat", "stack",
          "gather", "scatter", "scatter_add",
          "remainder", "remainder_scalar", "clamp_tensor", "clamp_min", "mse-none", "nll-none", "mul_scalar",
          "conv_bias_grad", "batch_norm_grad_bias", "max_pool2d-2x2", "max_pool2d_backward", "avg_pool2d-2x2", "avg_pool2d_backward"]


def squared(case):
    return replace(case, fn=lambda *xs: case.fn(*xs) ** 2, ref=case.ref and (lambda *xs: case.ref(*xs) ** 2),
                   name=f"{case.name}_squared" if case.name else "squared")


CASES += [squared(case) for case in CASES if case.id in LINEAR]


# ---- the check ----------------------------------------------------------------------------------------------------

def constant(x):
    return torch.tensor(np.array(x, np.float64))  # a copy: the arrays are perturbed in place later


def leaves(arrays):
    return [constant(x).requires_grad_() for x in arrays]


def constants(arrays):
    return [constant(x) for x in arrays]


def rules_in_graph(out):
    seen, stack, rules = set(), [out.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        rule = getattr(node, "rule", None)
        if rule is not None:
            rules.add(id(rule))
        stack.extend(edge for edge in getattr(node, "edges", ()))
    return rules


def dense(grads, arrays):
    """Gradients as arrays, None (an unused input, or no graph) as zeros."""
    return [np.zeros_like(x) if g is None else g.detach().numpy().astype(np.float64) for g, x in zip(grads, arrays)]


def first_order(fn, xs, w, create_graph=False):
    ts = leaves(xs)
    out = fn(*ts)
    grads = torch.autograd.grad((out * constant(w)).sum(), ts, create_graph=create_graph, allow_unused=True)
    return ts, grads


def central_differences(scalar, xs):
    """d scalar / d xs, one float64 central difference per element."""
    result = []
    for k, x in enumerate(xs):
        d = np.zeros_like(x)
        flat, dflat = x.reshape(-1), d.reshape(-1)  # views: x is perturbed in place and restored
        for j in range(flat.size):
            keep = flat[j]
            flat[j] = keep + EPS
            plus = scalar(xs)
            flat[j] = keep - EPS
            minus = scalar(xs)
            flat[j] = keep
            dflat[j] = (plus - minus) / (2 * EPS)
        result.append(d)
    return result


def assert_close(actual, expected, what, xs, rtol=RTOL, atol=ATOL):
    for k, (a, e) in enumerate(zip(actual, expected)):
        np.testing.assert_allclose(a, e, rtol=rtol, atol=atol,
                                   err_msg=f"{what}, input {k}; inputs: {[x.tolist() for x in xs]}")


def check(case, rng):
    for spec in case.shapes:
        shapes = spec(rng) if callable(spec) else spec
        xs = [np.array(x, np.float64) for x in case.sample(rng, shapes)]
        ts = leaves(xs)
        out = case.fn(*ts)
        assert out.dtype == torch.float64
        assert np.isfinite(out.detach().numpy()).all(), f"{case.id}: non-finite value at shapes {shapes}"
        assert id(R[case.rule]) in rules_in_graph(out), f"{case.id}: no {case.rule} node in the graph of f"
        if case.ref is not None:
            np.testing.assert_allclose(out.detach().numpy(), case.ref(*xs), rtol=VALUE_RTOL, atol=1e-12,
                                       err_msg=f"{case.id}: value at shapes {shapes}")
        w = rng.standard_normal(out.shape)
        v = [rng.standard_normal(x.shape) for x in xs]

        # first order: grad of L = (f * w).sum() against central differences of L
        def loss(arrays):
            return float((case.fn(*constants(arrays)).numpy() * w).sum())
        _, grads = first_order(case.fn, xs, w)
        grads = dense(grads, xs)
        assert all(np.isfinite(g).all() for g in grads), f"{case.id}: non-finite gradient at shapes {shapes}"
        assert_close(grads, central_differences(loss, xs), f"{case.id}: first order at shapes {shapes}", xs)

        # second order: grad of (grad(L) * v).sum() through the create_graph graph, against central
        # differences of the first-order gradient
        ts, graph_grads = first_order(case.fn, xs, w, create_graph=True)
        assert_close(dense(graph_grads, xs), grads, f"{case.id}: create_graph=True first order", xs,
                     rtol=1e-12, atol=1e-14)
        terms = [(g * constant(vk)).sum() for g, vk in zip(graph_grads, v) if g is not None and g.requires_grad]
        if terms:
            second = dense(torch.autograd.grad(sum(terms[1:], terms[0]), ts, allow_unused=True), xs)
        else:  # the gradient does not depend on the inputs at all: the second derivative is 0
            second = [np.zeros_like(x) for x in xs]

        def directional(arrays):
            return float(sum((g * vk).sum() for g, vk in zip(dense(first_order(case.fn, arrays, w)[1], arrays), v)))
        assert_close(second, central_differences(directional, xs), f"{case.id}: second order at shapes {shapes}", xs)


def _params():
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    return [pytest.param(case, id=case.id, marks=[pytest.mark.xfail(strict=True, raises=case.raises, reason=case.xfail)]
                         if case.xfail else []) for case in CASES]


@pytest.mark.parametrize("case", _params())
def test_gradient(case):
    check(case, np.random.default_rng(zlib.crc32(case.id.encode())))


def test_every_rule_has_a_case():
    covered = {case.rule for case in CASES if case.xfail is None}
    missing = sorted(set(R) - covered)
    assert not missing, f"rules without a (passing) gradient check in CASES: {missing}"
    unknown = sorted({case.rule for case in CASES} - set(R))
    assert not unknown, f"CASES name rules that are not in R: {unknown}"
    assert set(LINEAR) <= {case.id for case in CASES}, "LINEAR names a case id that does not exist"



def test_every_rule_has_a_local_derivative_formula():
    """`gradcli explain` shows, for each node, the local derivative of every input: one string per vjp."""
    lacking = sorted(name for name, rule in R.items()
                     if len(rule.formulas) != len(rule.vjps)
                     or not all(isinstance(f, str) and f.strip() for f in rule.formulas))
    assert not lacking, f"rules whose formulas are not one non-empty string per vjp: {lacking}"
