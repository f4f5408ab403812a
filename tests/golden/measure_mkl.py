#!/usr/bin/env python
"""Measure how often gradcli's results are bit-identical to torch's with and without Intel MKL (needs torch).

    /work/torchenv/bin/python tests/golden/measure_mkl.py torch DIR    # inputs and torch's outputs into DIR
    python tests/golden/measure_mkl.py gradcli DIR                     # where gradcli[mkl] is installed

Two steps because torch's environment has no MKL wheel (torch links MKL statically).  Prints the README's
table for the kernels torch takes from MKL (VML functions on 10^6 uniform inputs over tutorial ranges,
float32 and float64; matrix products): the share identical to torch with MKL, without it (the engine's
NumPy/SLEEF/fitted paths) and, for the functions, NumPy's own.  torch runs on one thread.
"""

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

N = 10**6
RANGES = {"exp": (-20, 20), "log": (1e-3, 100), "sin": (-10, 10), "cos": (-10, 10), "tan": (-1.5, 1.5),
          "tanh": (-5, 5), "sqrt": (0, 100), "erf": (-3, 3), "erfc": (-3, 10), "log10": (1e-3, 1e4),
          "log2": (1e-3, 1e4), "asin": (-1, 1), "acos": (-1, 1), "atan": (-20, 20)}
PRODUCTS = [("mm", (10, 10), (10, 10)), ("mm", (100, 100), (100, 100)), ("mm", (300, 300), (300, 300)),
            ("mm", (1000, 1000), (1000, 1000)), ("mm", (64, 1000), (1000, 100)), ("mm", (64, 100), (100, 10)),
            ("mm_at", (64, 1000), (64, 100)), ("linear", (64, 784), (128, 784), (128,)),
            ("linear", (64, 100), (10, 100), (10,)), ("linear", (2000, 3), (1, 3), (1,)),
            ("linear", (7, 10), (5, 10), (5,)), ("mv", (1000, 1000), (1000,)), ("dot", (10**4,), (10**4,)),
            ("bmm", (32, 10, 20), (32, 20, 30)), ("mm", (1, 1000), (1000, 1))]
RANDOM_SHAPES = 300  # mm of random shapes, m, k, n in 1..128, 30% of the operands transposed views
NUMPY = {"erf": np.vectorize(math.erf), "erfc": np.vectorize(math.erfc), "asin": np.arcsin, "acos": np.arccos,
         "atan": np.arctan}


def run(t, form, a, b, bias=None):
    if form == "mm":
        return a @ b
    if form == "mm_at":
        return a.t() @ b
    if form == "linear":
        return t.nn.functional.linear(a, b, bias)
    return getattr(t, form)(a, b)


def record(directory):
    import torch
    rng = np.random.default_rng(7)
    for name, (low, high) in RANGES.items():
        for dtype in ("float32", "float64"):
            x = rng.uniform(low, high, N).astype(dtype)
            np.savez(directory / f"{name}_{dtype}.npz", x=x, out=getattr(torch, name)(torch.from_numpy(x)).numpy())
    for number, (form, *shapes) in enumerate(PRODUCTS):
        for dtype in ("float32", "float64"):
            arrays = [rng.standard_normal(shape).astype(dtype) for shape in shapes]
            out = run(torch, form, *map(torch.from_numpy, arrays)).numpy()
            np.savez(directory / f"product{number}_{dtype}.npz", *arrays, out=out)
    for number in range(RANDOM_SHAPES):
        m, k, n = (int(v) for v in rng.integers(1, 129, 3))
        a = rng.standard_normal((m, k)) if rng.random() < 0.7 else rng.standard_normal((k, m)).T
        b = rng.standard_normal((k, n)) if rng.random() < 0.7 else rng.standard_normal((n, k)).T
        a, b = a.astype(np.float32), b.astype(np.float32)  # astype keeps a transposed view's layout, np.save too
        np.savez(directory / f"random{number}.npz", a=a, b=b, out=(torch.from_numpy(a) @ torch.from_numpy(b)).numpy())


def share(got, want):
    got, want = np.ascontiguousarray(got), np.ascontiguousarray(want)
    unsigned = f"u{want.itemsize}"
    return 100 * np.mean(got.view(unsigned) == want.view(unsigned))


def compare(directory):
    import gradcli.torch as gt
    from gradcli.engine import mkl
    if mkl.library() is None:
        sys.exit("Intel MKL is not loaded: pip install gradcli[mkl], and GRADCLI_MKL unset")

    def both(fn):
        with_mkl = fn()
        with mkl.disabled():
            return with_mkl, fn()

    print("| function | dtype | with MKL | without MKL | NumPy |\n|---|---|---|---|---|")
    for name in RANGES:
        for dtype in ("float32", "float64"):
            data = np.load(directory / f"{name}_{dtype}.npz")
            x, want = data["x"], data["out"]
            with_mkl, without = both(lambda: getattr(gt, name)(gt.from_numpy(x)).numpy())
            plain = np.asarray((NUMPY[name] if name in NUMPY else getattr(np, name))(x), dtype)
            print(f"| {name} | {dtype} | {share(with_mkl, want):.4f}% | {share(without, want):.4f}% | "
                  f"{share(plain, want):.4f}% |")
    for number, (form, *shapes) in enumerate(PRODUCTS):
        for dtype in ("float32", "float64"):
            data = np.load(directory / f"product{number}_{dtype}.npz")
            arrays = [data[f"arr_{j}"] for j in range(len(shapes))]
            with_mkl, without = both(lambda: run(gt, form, *map(gt.from_numpy, arrays)).numpy())
            name = f"{form} {' @ '.join('x'.join(map(str, shape)) for shape in shapes[:2])}"
            print(f"| {name} | {dtype} | {share(with_mkl, data['out']):.2f}% | {share(without, data['out']):.2f}% | |")
    exact = [0, 0]
    for number in range(RANDOM_SHAPES):
        data = np.load(directory / f"random{number}.npz")
        a, b = data["a"], data["b"]
        results = both(lambda: (gt.from_numpy(a) @ gt.from_numpy(b)).numpy())
        for i, got in enumerate(results):
            exact[i] += share(got, data["out"]) == 100
    print(f"| mm of {RANDOM_SHAPES} random shapes (m, k, n in 1..128, 30% transposed), whole products | float32 | "
          f"{exact[0]} | {exact[1]} | |")


if __name__ == "__main__":
    step, directory = sys.argv[1], Path(sys.argv[2])
    directory.mkdir(parents=True, exist_ok=True)
    record(directory) if step == "torch" else compare(directory)
