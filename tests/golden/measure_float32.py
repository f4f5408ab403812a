#!/usr/bin/env python
"""Measure how often gradcli's float32/float64 results are bit-identical to torch's (needs torch).

    /work/torchenv/bin/python tests/golden/measure_float32.py          # 10**6 inputs per function

Prints the README's table: per function and dtype, the share of elements identical to torch 2.13,
for gradcli's kernel and for plain NumPy.  torch runs on one thread with its default CPU capability.
"""

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import gradcli.torch as gt  # noqa: E402

N = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6
rng = np.random.default_rng(2026)

ELEMENTWISE = {  # name: (low, high) of the uniform inputs: the ranges tutorials use
    "exp": (-20, 20), "log": (1e-3, 100), "sin": (-10, 10), "cos": (-10, 10), "tan": (-1.5, 1.5),
    "tanh": (-5, 5), "sigmoid": (-20, 20), "sqrt": (0, 100), "log1p": (-0.9, 10), "expm1": (-5, 5),
    "erf": (-3, 3),
}


def same(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.shape == b.shape and a.tobytes() == b.tobytes()


def row(name, dtype, ours, numpy_share):
    numpy_column = "—" if math.isnan(numpy_share) else f"{100 * numpy_share:.4f}%"
    print(f"| {name} | {dtype} | {100 * ours:.4f}% | {numpy_column} |")


def elementwise():
    for name, (low, high) in ELEMENTWISE.items():
        x = rng.uniform(low, high, N).astype(np.float32)
        want = getattr(torch, name)(torch.from_numpy(x)).numpy()
        ours = getattr(gt, name)(gt.tensor(x)).numpy()
        plain = {"sigmoid": lambda v: 1 / (1 + np.exp(-v)),
                 "erf": lambda v: np.vectorize(math.erf, otypes=[np.float32])(v)}.get(name, getattr(np, name, None))
        row(name, "float32", np.mean(ours.view(np.uint32) == want.view(np.uint32)),
            np.mean(np.asarray(plain(x), np.float32).view(np.uint32) == want.view(np.uint32)))


REDUCTIONS = {  # name: (torch call, gradcli call, NumPy's own call) for a tensor/array and an axis (or None)
    "sum": (lambda t, a: t.sum(*_dim(a)), lambda g, a: g.sum(*_dim(a)), lambda x, a: np.sum(x, a)),
    "mean": (lambda t, a: t.mean(*_dim(a)), lambda g, a: g.mean(*_dim(a)), lambda x, a: np.mean(x, a)),
    "prod": (lambda t, a: t.prod(*_dim(a)), lambda g, a: g.prod(*_dim(a)), lambda x, a: np.prod(x, a)),
    "norm": (lambda t, a: t.norm(dim=a), lambda g, a: g.norm(dim=a), lambda x, a: np.sqrt(np.sum(x * x, a))),
    "norm(p=1)": (lambda t, a: t.norm(p=1, dim=a), lambda g, a: g.norm(p=1, dim=a), lambda x, a: np.sum(np.abs(x), a)),
    "var": (lambda t, a: t.var(*_dim(a)), lambda g, a: g.var(*_dim(a)), lambda x, a: np.var(x, a, ddof=1)),
    "std": (lambda t, a: t.std(*_dim(a)), lambda g, a: g.std(*_dim(a)), lambda x, a: np.std(x, a, ddof=1)),
    "softmax": (lambda t, a: torch.softmax(t, a or 0), lambda g, a: gt.softmax(g, a or 0), None),
    "log_softmax": (lambda t, a: torch.log_softmax(t, a or 0), lambda g, a: gt.log_softmax(g, a or 0), None),
}


def _dim(axis):
    return () if axis is None else (axis,)


def float64_sleef():
    """log1p and expm1 of float64: torch takes both from SLEEF's double versions (after matmul, whose rows
    keep their inputs)."""
    for name in ("log1p", "expm1"):
        x = rng.uniform(*ELEMENTWISE[name], N)
        want = getattr(torch, name)(torch.from_numpy(x)).numpy()
        row(name, "float64", np.mean(getattr(gt, name)(gt.tensor(x)).numpy() == want), np.mean(getattr(np, name)(x) == want))


def sleef_kernels():
    """The kernels made of SLEEF's vector functions and the C library's scalar ones (gen_sleef_bits.KERNELS), both
    dtypes: N contiguous inputs (all in whole vector blocks), then about N inputs in runs of 7 (views whose rows
    are 7 of 16 elements, too short for a vector of either dtype: every element goes to the scalar tail)."""
    from gen_sleef_bits import KERNELS
    numpy_functions = {"sigmoid": lambda x: 1 / (1 + np.exp(-x)), "exp2": np.exp2, "sinh": np.sinh, "cosh": np.cosh,
                       "atanh": np.arctanh, "sinc": np.sinc, "pow": np.power, "atan2": np.arctan2}
    for dtype in (np.float32, np.float64):
        for name, (function, _, numbers, bounds) in KERNELS.items():
            for layout in ("contiguous", "runs of 7"):
                shape = (N,) if layout == "contiguous" else (N // 7, 16)
                operands = [rng.uniform(low, high, shape).astype(dtype) for low, high in bounds]
                if layout != "contiguous":
                    operands = [x[:, :7] for x in operands]
                want = getattr(torch, function)(*(torch.from_numpy(x) for x in operands), *numbers).numpy()
                ours = getattr(gt, function)(*(gt.from_numpy(x) for x in operands), *numbers).numpy()
                with np.errstate(all="ignore"):
                    plain = np.asarray(numpy_functions[function](*operands, *numbers), dtype)
                unsigned = f"u{want.itemsize}"
                label = f"{name.replace('_', ' ** ')} on {' x '.join(f'[{lo}, {hi})' for lo, hi in bounds)}, {layout}"
                row(label, np.dtype(dtype).name, np.mean(ours.view(unsigned) == want.view(unsigned)),
                    np.mean(plain.view(unsigned) == want.view(unsigned)))


def random_draws():
    """randn and normal_(mean, std) after the same seed, N values each (torch's Box-Muller from 16 on)."""
    for dtype in ("float32", "float64"):
        for label, draw in (("randn", lambda m: m.randn(N, dtype=getattr(m, dtype))),
                            ("normal_(2, 3.1)", lambda m: m.empty(N, dtype=getattr(m, dtype)).normal_(2.0, 3.1))):
            torch.manual_seed(11)
            gt.manual_seed(11)
            want, ours = draw(torch).numpy(), draw(gt).numpy()
            print(f"| {label}, {N} values | {dtype} | {100 * np.mean(ours == want):.4f}% | |")


def reductions():
    for dtype in ("float32", "float64"):
        for op, (theirs, ours, plain) in REDUCTIONS.items():
            hits = plain_hits = total = 0
            for _ in range(300):
                shape = tuple(int(s) for s in rng.integers(1, 60, rng.integers(1, 4)))
                scale = 0.3 if op == "prod" else 10
                x = (rng.standard_normal(shape) * scale + (1 if op == "prod" else 0)).astype(dtype)
                axis = None if rng.random() < 0.3 else int(rng.integers(0, len(shape)))
                want = theirs(torch.from_numpy(x), axis).numpy()
                hits += same(ours(gt.tensor(x), axis).numpy(), want)
                if plain is not None:
                    with np.errstate(all="ignore"):
                        plain_hits += same(np.asarray(plain(x, axis)).astype(dtype), want)
                total += 1
            row(f"{op} (300 random shapes and dims)", dtype, hits / total, plain_hits / total if plain else math.nan)


def losses():
    for dtype in ("float32", "float64"):
        hits = total = 0
        for _ in range(100):
            batch, classes = int(rng.integers(1, 20000)), int(rng.integers(2, 10))
            logits = (rng.standard_normal((batch, classes)) * 3).astype(dtype)
            target = rng.integers(0, classes, batch)
            target[rng.random(batch) < 0.1] = -100
            weight = rng.uniform(0.2, 2, classes).astype(dtype) if rng.random() < 0.5 else None
            tw, gw = (None, None) if weight is None else (torch.from_numpy(weight), gt.tensor(weight))
            want = torch.nn.functional.cross_entropy(torch.from_numpy(logits), torch.from_numpy(target), weight=tw).numpy()
            ours = gt.nn.functional.cross_entropy(gt.tensor(logits), gt.tensor(target), weight=gw).numpy()
            hits += same(ours, want)
            total += 1
        row("cross_entropy (100 batches of 1..20,000 rows, ignore_index, half weighted)", dtype, hits / total, math.nan)


def pointwise_losses():
    """binary_cross_entropy (glibc's logf/log1pf in torch's scalar loop) and ..._with_logits (log_sigmoid with SLEEF's
    exp and log1p), reduction='none', N elements; smooth_l1/huber value and gradient (the backward kernels' scalar
    tail) and add/sub with alpha (fused multiply-add) on random shapes."""
    F, gF = torch.nn.functional, gt.nn.functional
    for dtype in ("float32", "float64"):
        p, y = rng.uniform(0, 1, N).astype(dtype), rng.uniform(0, 1, N).astype(dtype)
        x, w = (rng.standard_normal(N) * 4).astype(dtype), rng.uniform(0.5, 2, N).astype(dtype)
        want = F.binary_cross_entropy(torch.from_numpy(p), torch.from_numpy(y), reduction="none").numpy()
        ours = gF.binary_cross_entropy(gt.tensor(p), gt.tensor(y), reduction="none").numpy()
        with np.errstate(divide="ignore"):
            plain = (y - 1) * np.maximum(np.log1p(-p), -100) - y * np.maximum(np.log(p), -100)
        row("binary_cross_entropy, reduction='none'", dtype, np.mean(ours == want), np.mean(plain == want))
        want = F.binary_cross_entropy_with_logits(torch.from_numpy(x), torch.from_numpy(y), weight=torch.from_numpy(w),
                                                  pos_weight=torch.from_numpy(w[::-1].copy()), reduction="none").numpy()
        ours = gF.binary_cross_entropy_with_logits(gt.tensor(x), gt.tensor(y), weight=gt.tensor(w),
                                                   pos_weight=gt.tensor(w[::-1].copy()), reduction="none").numpy()
        plain = ((1 - y) * x + (1 + (w[::-1] - 1) * y) * (np.maximum(-x, 0) + np.log1p(np.exp(-np.abs(x))))) * w
        row("binary_cross_entropy_with_logits (weight, pos_weight), reduction='none'", dtype, np.mean(ours == want),
            np.mean(plain.astype(dtype) == want))
        for name, bound in (("smooth_l1_loss", "beta"), ("huber_loss", "delta")):
            hits = total = 0
            for _ in range(300):
                shape = tuple(int(s) for s in rng.integers(1, 40, rng.integers(1, 3)))
                a, b = (rng.standard_normal(shape) * 2).astype(dtype), rng.standard_normal(shape).astype(dtype)
                kw = {"reduction": str(rng.choice(["mean", "sum", "none"])), bound: float(rng.choice([1.0, 0.3, 2.5]))}
                results = []
                for lib in (torch, gt):
                    ta = lib.tensor(a, requires_grad=True)
                    loss = getattr(lib.nn.functional, name)(ta, lib.tensor(b), **kw)
                    results.append((loss.detach().numpy(), lib.autograd.grad(loss.sum(), ta)[0].numpy()))
                hits += all(same(o, t) for o, t in zip(*results))
                total += 1
            row(f"{name}: value and gradient (300 random shapes, reductions, {bound}s)", dtype, hits / total, math.nan)
        hits = total = 0
        for _ in range(300):
            shape = tuple(int(s) for s in rng.integers(1, 40, rng.integers(1, 3)))
            other = tuple(1 if rng.random() < 0.4 else s for s in shape)
            a, b = rng.standard_normal(shape).astype(dtype), rng.standard_normal(other).astype(dtype)
            alpha, op = float(rng.uniform(-3, 3)), str(rng.choice(["add", "sub"]))
            want = getattr(torch, op)(torch.from_numpy(a), torch.from_numpy(b), alpha=alpha).numpy()
            hits += same(getattr(gt, op)(gt.tensor(a), gt.tensor(b), alpha=alpha).numpy(), want)
            total += 1
        row("add/sub with alpha (300 random shapes, broadcasting)", dtype, hits / total, math.nan)


def softmaxes():
    for op in ("softmax", "log_softmax"):
        hits = total = 0
        for n in (2, 3, 5, 8, 10, 17, 100, 1000):
            x = (rng.standard_normal((N // 1000, n)) * 3).astype(np.float32)
            want = getattr(torch, op)(torch.from_numpy(x), -1).numpy()
            ours = getattr(gt, op)(gt.tensor(x), -1).numpy()
            hits += int(np.all(ours == want, axis=1).sum())
            total += x.shape[0]
        print(f"| {op} over the last dim ({total} rows of 2..1000) | float32 | {100 * hits / total:.2f}% of rows | |")


def ranges():
    for dtype in ("float32", "float64"):
        for op in ("linspace", "arange", "logspace"):
            hits = total = 0
            for _ in range(400):
                start = float(rng.uniform(-10, 10))
                if op == "arange":
                    step = float(rng.choice([0.1, 0.01, 1 / 3, 0.05, -0.7]) * rng.uniform(0.5, 2))
                    args = (start, start + step * int(rng.integers(1, 1000)), step)
                else:
                    args = (start, float(rng.uniform(-10, 10)), int(rng.integers(1, 2000)))
                want = getattr(torch, op)(*args, dtype=getattr(torch, dtype)).numpy()
                ours = getattr(gt, op)(*args, dtype=getattr(gt, dtype)).numpy()
                hits += same(ours, want)
                total += 1
            print(f"| {op} (400 random calls) | {dtype} | {100 * hits / total:.2f}% | |")


def matmul():
    """Matrix products: share of elements identical to torch's (gradcli/engine/gemm.py says which shapes
    and layouts are fitted; products above gemm.EXACT_LIMIT multiply-adds are NumPy's)."""
    def f32(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    def share(ours, want):
        return np.mean(np.ascontiguousarray(ours).view(np.uint32) == np.ascontiguousarray(want).view(np.uint32))

    def measure(name, *arrays, fn=lambda t, a, b: t.matmul(a, b), numpy_fn=np.matmul):
        want = fn(torch, *(torch.from_numpy(a) for a in arrays)).numpy()
        ours = fn(gt, *(gt.tensor(a) for a in arrays)).numpy()
        plain = np.asarray(numpy_fn(*arrays), np.float32)
        print(f"| {name} | float32 | {100 * share(ours, want):.2f}% | {100 * share(plain, want):.2f}% |")

    for n in (10, 100, 300, 1000):
        measure(f"matmul {n}x{n} @ {n}x{n}", f32(n, n), f32(n, n))
    x, w1, w2 = f32(64, 1000), f32(1000, 100), f32(100, 10)
    measure("two-layer net: x.mm(w1), 64x1000 @ 1000x100", x, w1)
    measure("two-layer net: h.mm(w2), 64x100 @ 100x10", f32(64, 100), w2)
    measure("two-layer net: x.t().mm(grad_h), 1000x64 @ 64x100", x.T, f32(64, 100))
    linear = lambda t, a, w, b: t.nn.functional.linear(a, w, b)  # noqa: E731
    numpy_linear = lambda a, w, b: a @ w.T + b  # noqa: E731
    for (batch, inputs, outputs) in ((64, 784, 128), (64, 100, 10), (2000, 3, 1), (7, 10, 5)):
        measure(f"nn.Linear({inputs}, {outputs}), batch {batch}", f32(batch, inputs), f32(outputs, inputs),
                f32(outputs), fn=linear, numpy_fn=numpy_linear)
    measure("mv 1000x1000 @ 1000", f32(1000, 1000), f32(1000), fn=lambda t, a, b: t.mv(a, b))
    measure("dot of 10^4", f32(10**4), f32(10**4), fn=lambda t, a, b: t.dot(a, b), numpy_fn=np.dot)
    measure("bmm 32 x (10x20 @ 20x30)", f32(32, 10, 20), f32(32, 20, 30), fn=lambda t, a, b: t.bmm(a, b))
    hits = total = exact = 0
    for _ in range(300):
        m, k, n = (int(v) for v in rng.integers(1, 129, 3))
        a = f32(m, k) if rng.random() < 0.7 else f32(k, m).T
        b = f32(k, n) if rng.random() < 0.7 else f32(n, k).T
        want = (torch.from_numpy(a) @ torch.from_numpy(b)).numpy()
        ours = (gt.tensor(a) @ gt.tensor(b)).numpy()
        hits += int((ours.view(np.uint32) == want.view(np.uint32)).sum())
        total += want.size
        exact += same(ours, want)
    print(f"| mm of 300 random shapes (m, k, n in 1..128, 30% transposed) | float32 | "
          f"{100 * hits / total:.2f}% of elements, {exact} of 300 whole products | |")


if __name__ == "__main__":
    print(f"torch {torch.__version__}, capability {torch.backends.cpu.get_cpu_capability()}, {N} inputs per function")
    print("| function | dtype | gradcli identical to torch | NumPy identical to torch |")
    print("|---|---|---|---|")
    reductions()
    losses()
    softmaxes()
    ranges()
    elementwise()
    matmul()
    float64_sleef()
    sleef_kernels()
    random_draws()
    pointwise_losses()
