#!/usr/bin/env python
"""Record torch 2.13's float32/float64 results for the bit-exactness tests (tests/engine/test_bitexact.py).

Run with the interpreter that has PyTorch installed::

    /work/torchenv/bin/python tests/golden/gen_bitexact.py

It writes ``tests/golden/bitexact/<corpus>.npz``: for each case the input array(s) and torch's
output, so the tests need neither torch nor a particular NumPy random stream.  torch runs on
one thread (as the golden scripts do), with the CPU capability it picks by default; the
capability is stored in every file.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402

OUT = Path(__file__).resolve().parent / "bitexact"

REDUCE_SHAPES = [(1,), (3,), (7,), (8,), (11,), (33,), (100,), (1000,), (4097,), (30000,),
                 (3, 5), (5, 40), (40, 5), (64, 33), (33, 64), (100, 1), (1, 100), (120, 90),
                 (3, 4, 5), (2, 17, 40), (10, 3, 9), (16, 2, 70), (6, 7, 8, 9)]


def reduce_axes(ndim):
    axes = [None] + list(range(ndim))
    if ndim >= 2:
        axes.append((0, 1))
    if ndim >= 3:
        axes += [(0, 2), (1, 2), (0, 1, 2)]
    if ndim >= 4:
        axes += [(0, 2, 3), (1, 3)]
    return axes


# op name -> torch call (None: the op does not take that axis); norms are torch.linalg.vector_norm.
REDUCE_OPS = {
    "sum": lambda t, axis, keep: t.sum() if axis is None else t.sum(axis, keepdim=keep),
    "mean": lambda t, axis, keep: t.mean() if axis is None else t.mean(axis, keepdim=keep),
    "prod": lambda t, axis, keep: t.prod() if axis is None else t.prod(axis, keepdim=keep) if isinstance(axis, int) else None,
    "norm2": lambda t, axis, keep: torch.linalg.vector_norm(t, 2, axis, keep),
    "norm1": lambda t, axis, keep: torch.linalg.vector_norm(t, 1, axis, keep),
    "norminf": lambda t, axis, keep: torch.linalg.vector_norm(t, float("inf"), axis, keep),
    "var": lambda t, axis, keep: torch.var(t, axis, keepdim=keep),
    "std0": lambda t, axis, keep: torch.std(t, axis, correction=0, keepdim=keep),
    "softmax": lambda t, axis, keep: torch.softmax(t, axis) if isinstance(axis, int) and not keep else None,
}


def reductions():
    rng = np.random.default_rng(13)
    cases = {}
    for dtype in ("float32", "float64"):
        for number, shape in enumerate(REDUCE_SHAPES):
            x = (rng.standard_normal(shape) * rng.choice([0.1, 1, 30]) + rng.choice([0, 3])).astype(dtype)
            cases[f"in|{dtype}|{number}"] = x
            t = torch.from_numpy(x)
            cases[f"in_prod|{dtype}|{number}"] = (x * 0.1 / (np.abs(x).max() + 1) + 1).astype(dtype)  # finite products
            near_one = torch.from_numpy(cases[f"in_prod|{dtype}|{number}"])
            for axis in reduce_axes(len(shape)):
                for keepdim in (False, True):
                    if axis is None and keepdim:
                        continue
                    for op, call in REDUCE_OPS.items():
                        out = call(near_one if op == "prod" else t, axis, keepdim)
                        if out is not None:
                            cases[f"out|{op}|{dtype}|{number}|{axis}|{keepdim}"] = out.numpy()
    return cases


def losses():
    """nll_loss (plain, class weights, ignore_index; up to 10,000 rows) and the mean/sum of the other losses."""
    rng = np.random.default_rng(16)
    cases = {}
    for dtype in ("float32", "float64"):
        for batch in (1, 17, 300, 4096, 4097, 10000):
            classes = 3
            logp = torch.log_softmax(torch.from_numpy((rng.standard_normal((batch, classes)) * 3).astype(dtype)), 1)
            target = rng.integers(0, classes, batch)
            target[rng.random(batch) < 0.1] = -100
            weight = torch.from_numpy(rng.uniform(0.2, 2, classes).astype(dtype))
            key = f"nll|{dtype}|{batch}"
            cases[f"{key}|logp"], cases[f"{key}|target"], cases[f"{key}|weight"] = logp.numpy(), target.astype(np.int8), weight.numpy()
            for reduction in ("mean", "sum"):
                for variant, w in (("plain", None), ("weight", weight)):
                    kept = target if variant == "weight" else np.where(target < 0, 0, target)  # plain: no ignored rows
                    out = torch.nn.functional.nll_loss(logp, torch.from_numpy(kept), weight=w, reduction=reduction)
                    cases[f"{key}|{variant}|{reduction}|out"] = out.numpy()
        for number, shape in enumerate([(7,), (100,), (33, 5), (64, 10), (3, 17, 9)]):
            x = (rng.standard_normal(shape) * 2).astype(dtype)
            y = (rng.standard_normal(shape) * 2).astype(dtype)
            cases[f"pair|{dtype}|{number}|x"], cases[f"pair|{dtype}|{number}|y"] = x, y
            for loss in ("mse_loss", "l1_loss"):
                for reduction in ("mean", "sum"):
                    out = getattr(torch.nn.functional, loss)(torch.from_numpy(x), torch.from_numpy(y), reduction=reduction)
                    cases[f"pair|{dtype}|{number}|{loss}|{reduction}|out"] = out.numpy()
    return cases


def ranges():
    """linspace, arange with float steps and logspace: arguments as a float64 triple, torch's output."""
    rng = np.random.default_rng(14)
    cases = {}
    tutorial = [("linspace", 0, 2 * np.pi, 25), ("linspace", -np.pi, np.pi, 2000), ("linspace", -1, 1, 100),
                ("arange", 0, 1, 0.1), ("arange", -2, 2, 0.05), ("logspace", -3, 0, 20)]
    for number in range(150):
        start = float(rng.uniform(-10, 10))
        step = float(rng.choice([0.1, 0.01, 0.3, 1 / 3, 0.05, 2.5, -0.7]) * rng.uniform(0.5, 2))
        tutorial.append(("linspace", start, float(rng.uniform(-10, 10)), int(rng.integers(0, 1500))))
        tutorial.append(("arange", start, start + step * float(rng.integers(1, 600)), step))
        if number % 2:
            tutorial.append(("logspace", float(rng.uniform(-5, 5)), float(rng.uniform(-5, 5)), int(rng.integers(1, 200))))
    for dtype in ("float32", "float64"):
        for number, (op, a, b, c) in enumerate(tutorial):
            fn = getattr(torch, op)
            out = fn(a, b, int(c) if op != "arange" else c, dtype=getattr(torch, dtype))
            cases[f"{op}|{dtype}|{number}|args"] = np.array([a, b, c], np.float64)
            cases[f"{op}|{dtype}|{number}|out"] = out.numpy()
    return cases


def elementwise():
    """sigmoid of float32 (SLEEF's expf inside torch's kernel), 4,109 values: a vector body and a scalar tail."""
    rng = np.random.default_rng(15)
    x = np.concatenate([rng.uniform(-20, 20, 4000), rng.uniform(-110, 110, 100),
                        [-104.5, -100, -90, -88, 88.7, 89, 100.5, 0, -0.0]]).astype(np.float32)
    cases = {"sigmoid|in": x, "sigmoid|out": torch.sigmoid(torch.from_numpy(x)).numpy()}
    for shape in [(1,), (5,), (8,), (13,), (4, 3), (16, 10), (3, 17), (2, 5, 33), (8, 100), (1, 1000)]:
        logits = (rng.standard_normal(shape) * 4).astype(np.float32)
        cases[f"softmax{shape}|in"] = logits
        cases[f"softmax{shape}|out"] = torch.softmax(torch.from_numpy(logits), -1).numpy()
    for batch in (1, 5, 17, 100, 300, 1000, 4096):  # above 4,096 rows gradcli differs: see README
        logp = torch.log_softmax(torch.from_numpy((rng.standard_normal((batch, 4)) * 3).astype(np.float32)), 1)
        target = torch.from_numpy(rng.integers(0, 4, batch))
        cases[f"nll{batch}|logp"], cases[f"nll{batch}|target"] = logp.numpy(), target.numpy()
        for reduction in ("mean", "sum"):
            cases[f"nll{batch}|{reduction}"] = torch.nn.functional.nll_loss(logp, target, reduction=reduction).numpy()
    return cases


CORPORA = {"reductions": reductions, "ranges": ranges, "elementwise": elementwise, "losses": losses}


def main():
    OUT.mkdir(exist_ok=True)
    capability = torch.backends.cpu.get_cpu_capability()
    names = sys.argv[1:] or list(CORPORA)
    for name in names:
        cases = CORPORA[name]()
        np.savez_compressed(OUT / f"{name}.npz", __capability__=np.array(capability),
                            __torch__=np.array(torch.__version__), **cases)
        print(f"{name}: {sum(k.startswith('out|') or k.endswith('|out') for k in cases)} cases, capability {capability}")


if __name__ == "__main__":
    main()
