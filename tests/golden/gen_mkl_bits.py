#!/usr/bin/env python
"""Record torch 2.13's results of the kernels it takes from Intel MKL, for tests/engine/test_mkl.py (needs torch).

    /work/torchenv/bin/python tests/golden/gen_mkl_bits.py

torch's x86-64 build computes float32 and float64 exp, log, sin, ... with MKL's VML and its matrix products
with MKL's BLAS; gradcli calls the same MKL when it is installed (gradcli/engine/mkl.py).  Writes
``tests/golden/bitexact/mkl.npz``: torch's outputs only (VML functions, matrix products, the losses of a
training loop with Adam).  The inputs are made by ``inputs`` and ``matrix``
below from integer arithmetic and correctly rounded float64 operations, the same bits on every machine, so
the test rebuilds them instead of reading them (importing this file does not import torch).
One thread, torch's default capability.
"""

import importlib.util
import os
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent / "bitexact" / "mkl.npz"
_SPEC = importlib.util.spec_from_file_location("gen_bitexact_matmul", Path(__file__).with_name("gen_bitexact_matmul.py"))
matmul_forms = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(matmul_forms)  # its `run`: how each matrix-product form enters torch (or gradcli)

# torch's functions computed by MKL's VML, and the input ranges tutorials use
VML = {"exp": (-20, 20), "log": (1e-3, 100), "sin": (-10, 10), "cos": (-10, 10), "tan": (-1.5, 1.5),
       "tanh": (-5, 5), "sqrt": (0, 100), "erf": (-3, 3), "erfc": (-3, 10), "log10": (1e-3, 1e4),
       "log2": (1e-3, 1e4), "asin": (-1, 1), "acos": (-1, 1), "atan": (-20, 20)}
UNIFORM, PATTERNS = 3000, 300  # uniform inputs over the range; arbitrary bit patterns (NaN, inf, subnormals)
EDGES = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-40, 1.0, -1.0, 0.5, 88.7, -103.9, 1e30]

# Matrix products above gemm.EXACT_LIMIT (2^23 multiply-adds), float64, and the layouts the fitted orders leave
# out: (form, dtype, shapes), the forms of gen_bitexact_matmul.run plus "addmm_scaled" (beta, alpha not 1).
PRODUCTS = [
    ("mm", "float32", (256, 300), (300, 120)), ("mm", "float32", (128, 784), (784, 128)),
    ("mm", "float32", (1, 1000), (1000, 1)), ("mm", "float32", (9, 50), (50, 5)), ("mm", "float32", (7, 300), (300, 1)),
    ("mm_at", "float32", (300, 150), (300, 100)), ("mm_bt", "float32", (150, 300), (100, 300)),
    ("mm_bt", "float32", (3, 40), (5, 40)),
    ("linear", "float32", (64, 1000), (100, 1000), (100,)), ("linear3d", "float32", (4, 40, 300), (180, 300), (180,)),
    ("grad", "float32", (200, 210), (210, 201)), ("linear_grad", "float32", (32, 500), (40, 500), (40,)),
    ("bmm", "float32", (4, 64, 200), (4, 200, 50)), ("batch_mm", "float32", (2, 3, 20, 30), (3, 30, 25)),
    ("mv", "float32", (1000, 1000), (1000,)), ("mv", "float32", (7, 9), (9,)), ("matvec", "float32", (30, 7), (7,)),
    ("vecmat", "float32", (1000,), (1000, 300)), ("dot", "float32", (100000,), (100000,)),
    ("addmm_scaled", "float32", (64, 100), (100, 30), (30,)),
    ("mm", "float64", (64, 100), (100, 100)), ("mm", "float64", (64, 300), (300, 100)),
    ("mm_bt", "float64", (64, 100), (10, 100)), ("grad", "float64", (32, 70), (70, 20)),
    ("linear_grad", "float64", (64, 100), (10, 100), (10,)), ("bmm", "float64", (3, 20, 30), (3, 30, 40)),
    ("mv", "float64", (500, 300), (300,)), ("dot", "float64", (5000,), (5000,)),
]


def _hash(count, seed):
    """count pseudo-random 32-bit integers from integer arithmetic only."""
    i = np.arange(count, dtype=np.uint64) + np.uint64(seed) * np.uint64(1000003)
    i = (i * np.uint64(2654435761) + np.uint64(seed)) % np.uint64(2**32)
    return (i ^ (i >> np.uint64(15))) * np.uint64(2246822519) % np.uint64(2**32)


def inputs(name, dtype, seed=0):
    """The inputs of VML function `name`: uniform over its range, bit patterns, then the edges."""
    low, high = VML[name]
    u = _hash(UNIFORM, seed).astype(np.float64) / 2**32
    uniform = (low + (high - low) * u).astype(dtype)
    if dtype == "float32":
        patterns = _hash(PATTERNS, seed + 1).astype(np.uint32).view(np.float32)
    else:
        patterns = (_hash(PATTERNS, seed + 1) << np.uint64(32) | _hash(PATTERNS, seed + 2)).view(np.float64)
    return np.concatenate([uniform, patterns, np.array(EDGES, dtype)])


def matrix(shape, dtype, seed):
    """Operand values in [-1, 1) with 20 significant bits, every third spread over twelve binary orders."""
    count = int(np.prod(shape))
    h = _hash(count, seed)
    values = (h % np.uint64(2**20)).astype(np.float64) / 2**19 - 1
    scale = 2.0 ** ((h >> np.uint64(20)) % np.uint64(13)).astype(np.float64) / 64
    values = np.where(np.arange(count) % 3 == 0, values * scale, values)
    return values.reshape(shape).astype(dtype)


def operands(number):
    """Case `number` of PRODUCTS: its form and its arrays a, b, bias (or None), g (the cotangent, or None)."""
    form, dtype, *shapes = PRODUCTS[number]
    arrays = [matrix(shape, dtype, 10 * number + j) for j, shape in enumerate(shapes)]
    a, b, bias = arrays[0], arrays[1], arrays[2] if len(arrays) > 2 else None
    g = None
    if form.endswith("grad"):
        g = matrix((a.shape[0], b.shape[0 if form == "linear_grad" else 1]), dtype, 10 * number + 9)
    return form, a, b, bias, g


def run(t, form, a, b, bias=None, g=None):
    """One product case through the torch-like namespace t (torch, or gradcli.torch in the test)."""
    if form == "addmm_scaled":
        return {"out": t.addmm(bias, a, b, beta=0.5, alpha=-3)}
    return matmul_forms.run(t, form, a, b, bias, g)


def adam_loop(t, steps=100):
    """"Learning PyTorch with Examples"' two-layer net at its full size trained with Adam, float32: the losses.
    Adam divides by exp_avg_sq.sqrt(), MKL's sqrt in torch."""
    t.manual_seed(0)
    x, y = t.randn(64, 1000), t.randn(64, 10)
    model = t.nn.Sequential(t.nn.Linear(1000, 100), t.nn.ReLU(), t.nn.Linear(100, 10))
    loss_fn = t.nn.MSELoss(reduction="sum")
    optimizer = t.optim.Adam(model.parameters(), lr=1e-4)
    losses = []
    for _ in range(steps):
        loss = loss_fn(model(x), y)
        losses.append(loss.item())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return np.array(losses, np.float32)


def main():
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch

    cases = {}
    for name in VML:
        for dtype in ("float32", "float64"):
            x = torch.from_numpy(inputs(name, dtype))
            cases[f"{name}|{dtype}"] = getattr(torch, name)(x).numpy()
            if name == "sqrt":  # pow(x, 0.5) is torch's sqrt kernel
                cases[f"pow_half|{dtype}"] = (x ** 0.5).numpy()
            cases[f"{name}|{dtype}|strided"] = getattr(torch, name)(x[2::7]).numpy()
    for number in range(len(PRODUCTS)):
        form, *arrays = operands(number)
        tensors = (None if x is None else torch.from_numpy(x) for x in arrays)
        for part, value in run(torch, form, *tensors).items():
            cases[f"{number}|{form}|{part}"] = value.detach().numpy()
    cases["adam_loop"] = adam_loop(torch)
    np.savez_compressed(OUT, __capability__=np.array(torch.backends.cpu.get_cpu_capability()),
                        __torch__=np.array(torch.__version__), __mkl__=np.array(torch.__config__.show()), **cases)
    print(f"{OUT.name}: {len(cases)} arrays, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
