#!/usr/bin/env python
"""Record torch 2.13's float32 matrix products for tests/engine/test_bitexact_matmul.py (needs torch).

    /work/torchenv/bin/python tests/golden/gen_bitexact_matmul.py

Writes ``tests/golden/bitexact/matmul.npz``: per case its form (how the operands enter torch), the
operands and torch's output (and gradients for ``grad`` cases).  The test replays each case with ``run``
from this file, given gradcli's namespace instead of torch's (importing this file does not import torch).
Only the shapes and layouts whose accumulation order gradcli reproduces are recorded
(gradcli/engine/gemm.py says which); the README's table (tests/golden/measure_float32.py) measures the others.  One thread, torch's default capability.
"""

import os
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent / "bitexact" / "matmul.npz"

# (form, shapes of the stored operands): the forms are replayed by the test with gradcli's functions.
CASES = [
    # m >= 4, n >= 12: fused chains in k-blocks of 192 (k in (192, 384] halved, an odd last one alone)
    ("mm", (4, 1), (1, 12)), ("mm", (10, 10), (10, 12)), ("mm", (16, 33), (33, 16)), ("mm", (64, 100), (100, 100)),
    ("mm", (5, 191), (191, 13)), ("mm", (12, 192), (192, 20)), ("mm", (12, 193), (193, 20)),
    ("mm", (7, 300), (300, 30)), ("mm", (9, 384), (384, 17)), ("mm", (9, 385), (385, 17)),
    ("mm", (6, 577), (577, 14)), ("mm", (8, 1000), (1000, 16)), ("mm", (64, 1000), (1000, 100)),
    ("mm_at", (64, 100), (64, 100)), ("mm_at", (300, 20), (300, 16)), ("mm_bt", (64, 100), (100, 100)),
    ("mm_bt", (32, 250), (12, 250)),
    ("addmm", (64, 100), (100, 100), (100,)), ("addmm", (8, 500), (500, 12), (12,)),
    ("addmm", (8, 50), (50, 12), (8, 12)), ("linear", (32, 200), (128, 200), (128,)),
    ("linear", (128, 100), (32, 100), (32,)), ("linear", (4, 3), (16, 3), (16,)),
    ("linear3d", (2, 8, 20), (16, 20), (16,)), ("batch_mm", (3, 5, 40), (40, 24)),
    ("grad", (64, 100), (100, 32)), ("grad", (16, 300), (300, 24)),
    # narrow results (n of 2, 3, 4, 8; m = 1; m < 4 with n a multiple of 4), b row-major: plain chains
    ("mm", (64, 40), (40, 4)), ("mm", (100, 200), (200, 2)), ("mm", (2000, 3), (3, 3)), ("mm", (5, 500), (500, 8)),
    ("mm", (2, 100), (100, 16)), ("mm", (3, 64), (64, 100)), ("mm_at", (50, 33), (50, 8)), ("mm_at", (40, 6), (40, 3)),
    ("addmm", (64, 30), (30, 4), (4,)), ("addmm", (3, 40), (40, 16), (16,)),
    ("vecmat", (1000,), (1000, 100)), ("vecmat", (10,), (10, 10)), ("vecmat", (300,), (300, 1)),
    # n of 6 or 10, b row-major: plain chains, the first two columns of odd rows in chunks of eight
    ("mm", (64, 100), (100, 10)), ("mm", (9, 37), (37, 6)), ("addmm", (16, 1000), (1000, 10), (10,)),
    ("mm_at", (64, 100), (64, 10)), ("grad", (64, 100), (100, 10)),
    # b transposed (nn.Linear's weight), n < 12: four- and eight-lane dot products peeled to a's alignment
    ("linear", (64, 100), (10, 100), (10,)), ("linear", (13, 37), (4, 37), (4,)), ("linear", (50, 9), (2, 9), (2,)),
    ("linear", (7, 1000), (3, 1000), (3,)), ("mm_bt", (33, 21), (11, 21)),
    # one column (m a multiple of 4, or k <= 4; a row-major) and torch.mv: four-lane dot products
    ("linear", (2001, 3), (1, 3), (1,)), ("linear", (7, 1), (1, 1), (1,)),
    ("mm", (64, 100), (100, 1)), ("mm", (8, 1000), (1000, 1)), ("linear", (2000, 3), (1, 3), (1,)),
    ("linear", (64, 17), (1, 17), (1,)), ("mv", (40, 1000), (1000,)), ("mv", (4, 5), (5,)),
    ("mv", (8, 10000), (10000,)), ("matvec", (100, 37), (37,)),
    # bmm and matmul of stacks: torch's own loop below 400 multiply-adds per matrix, else per matrix as above
    ("bmm", (5, 3, 4), (5, 4, 5)), ("bmm", (8, 7, 7), (8, 7, 7)), ("bmm", (4, 16, 33), (4, 33, 16)),
    ("bmm", (3, 64, 20), (3, 20, 10)), ("batch_mm", (2, 3, 5, 6), (3, 6, 7)), ("batch_mm", (2, 1, 8, 30), (4, 30, 12)),
    # nn.Linear's gradients: torch computes a column-major weight.t()'s gradient transposed (mm_mat2_backward)
    ("linear_grad", (64, 100), (10, 100), (10,)), ("linear_grad", (64, 1000), (100, 1000), (100,)),
    ("linear_grad", (200, 3), (1, 3), (1,)), ("linear_grad", (16, 20), (6, 20), (6,)),
    # torch.dot: sixteen lanes in four accumulators, the rest by eights, a four, single elements
    ("dot", (1,), (1,)), ("dot", (7,), (7,)), ("dot", (14,), (14,)), ("dot", (30,), (30,)), ("dot", (1000,), (1000,)),
    ("dot", (10000,), (10000,)), ("matvec", (29,), (29,)), ("matvec", (4097,), (4097,)),
]


def draw(rng, shape):
    """Normal values, every fourth case spread over twelve binary orders of magnitude."""
    values = rng.standard_normal(shape)
    if rng.random() < 0.25:
        values *= 2.0 ** rng.integers(-6, 7, shape)
    return values.astype(np.float32)


def run(t, form, a, b, bias=None, g=None):
    """One case's result through the torch-like namespace t (torch, or gradcli.torch in the test), the
    operands already its tensors."""
    if form in ("mm", "batch_mm", "vecmat", "matvec"):
        return {"out": a @ b}
    if form == "mm_at":
        return {"out": a.t() @ b}
    if form == "mm_bt":
        return {"out": a @ b.t()}
    if form in ("mv", "dot", "bmm"):
        return {"out": getattr(t, form)(a, b)}
    if form == "addmm":
        return {"out": t.addmm(bias, a, b)}
    if form in ("linear", "linear3d"):
        return {"out": t.nn.functional.linear(a, b, bias)}
    a.requires_grad_(True), b.requires_grad_(True)
    if form == "linear_grad":
        bias.requires_grad_(True)
        out = t.nn.functional.linear(a, b, bias)
        out.backward(g)
        return {"out": out, "grad_a": a.grad, "grad_b": b.grad, "grad_bias": bias.grad}
    out = a @ b
    out.backward(g)
    return {"out": out, "grad_a": a.grad, "grad_b": b.grad}


def tie_case():
    """A fused multiply-add whose float64 sum lands exactly half-way between two floats: 2^29 + 64 plus
    (32 + 2^-18)(1 - 2^-23) = 32 - 2^-41 is just below the half-way 2^29 + 96, so FMA rounds down."""
    a = np.zeros((4, 2), np.float32)
    b = np.zeros((2, 12), np.float32)
    a[1] = [2**29 + 64, 32 * (1 + 2**-23)]
    b[:, 5] = [1, 1 - 2**-23]
    return a, b


def main():
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch

    def torch_run(form, *arrays):
        tensors = (None if x is None else torch.from_numpy(x) for x in arrays)
        return {name: value.detach().numpy() for name, value in run(torch, form, *tensors).items()}

    rng = np.random.default_rng(2213)
    cases = {}
    for number, (form, *shapes) in enumerate(CASES):
        arrays = [draw(rng, shape) for shape in shapes]
        a, b, bias = arrays[0], arrays[1], arrays[2] if len(arrays) > 2 else None
        g = draw(rng, (a.shape[0], b.shape[0 if form == "linear_grad" else 1])) if form.endswith("grad") else None
        key = f"{number}|{form}"
        cases[f"{key}|a"], cases[f"{key}|b"] = a, b
        if bias is not None:
            cases[f"{key}|bias"] = bias
        if g is not None:
            cases[f"{key}|g"] = g
        for name, value in torch_run(form, a, b, bias, g).items():
            cases[f"{key}|{name}"] = value
    a, b = tie_case()
    key = f"{len(CASES)}|mm"
    cases[f"{key}|a"], cases[f"{key}|b"], cases[f"{key}|out"] = a, b, torch_run("mm", a, b)["out"]
    np.savez_compressed(OUT, __capability__=np.array(torch.backends.cpu.get_cpu_capability()),
                        __torch__=np.array(torch.__version__), **cases)
    print(f"matmul: {len(CASES) + 1} cases, capability {torch.backends.cpu.get_cpu_capability()}")


if __name__ == "__main__":
    main()
