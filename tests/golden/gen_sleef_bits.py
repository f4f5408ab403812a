#!/usr/bin/env python
"""Record torch 2.13's float32/float64 log1p and expm1, float32 log_softmax, and the elementwise kernels of KERNELS
(SLEEF on the vector blocks, the C library on the tail) for tests/engine/test_sleef.py.

    /work/torchenv/bin/python tests/golden/gen_sleef_bits.py

torch's AVX2 kernels take these from SLEEF (log1p, expm1; the log of log_softmax's row sums; sigmoid's exp, exp2,
sinh, cosh, atanh, pow, atan2) and the C library (the scalar tails, sinc); gradcli/engine/sleef.py and libm.py
reimplement them.  Writes tests/golden/bitexact/sleef.npz: every input and torch's
output, so the test needs neither torch nor a particular NumPy random stream (test_sleef.py imports this file for
KERNELS and VIEWS: torch is imported when recording only).
"""

import os
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

OUT = Path(__file__).resolve().parent / "bitexact" / "sleef.npz"
EDGES = {"log1p": [-1, -0.99999994, -0.5, -0.0, 0.0, 1e-30, 3e-39, 1e-7, 0.75, 1e37, 1e38, 1.01e38, 3e38,
                   np.inf, -2, -np.inf],
         "expm1": [88.7, 88.72, 88.73, 89, -16.6, -16.7, -0.0, 0.0, 1e-10, 1e-40, -104, -105, 50, np.inf, -np.inf]}
RANGES = {"log1p": (-0.9, 10), "expm1": (-5, 5)}
# name: (torch's function, gradcli's rule, the numbers after the tensors, the operands' ranges)
KERNELS = {"sigmoid": ("sigmoid", "sigmoid", (), [(-20, 20)]), "exp2": ("exp2", "exp2", (), [(-20, 20)]),
           "sinh": ("sinh", "sinh", (), [(-10, 10)]), "cosh": ("cosh", "cosh", (), [(-10, 10)]),
           "atanh": ("atanh", "atanh", (), [(-1, 1)]), "sinc": ("sinc", "sinc", (), [(-10, 10)]),
           "pow_2.5": ("pow", "pow_scalar", (2.5,), [(0, 10)]), "pow": ("pow", "pow_tensor", (), [(0, 5), (-4, 4)]),
           "atan2": ("atan2", "atan2", (), [(-3, 3), (-3, 3)])}
KERNEL_EDGES = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0, 3.0, 1e-30, -1e-30, 1e30, 22.5, 88.5, 89.5,
                127.9, 128.0, -149.5, -150.0, 709.5, 710.5, 1023.5, -1075.0]
VIEWS = {"strided": lambda x: x[:, ::2], "transposed": lambda x: x.T}  # of (20, 30) operands


def main():
    import torch
    rng = np.random.default_rng(2026)
    cases = {}
    for name, (low, high) in RANGES.items():
        for dtype, bits in ((np.float32, np.uint32), (np.float64, np.uint64)):
            any_bits = rng.integers(0, 2**63, 5000, dtype=np.uint64).astype(bits).view(dtype)
            any_bits[::2] = -any_bits[::2]
            x = np.concatenate([rng.uniform(low, high, 20000).astype(dtype), any_bits, np.array(EDGES[name], dtype)])
            key = f"{name}|{np.dtype(dtype).name}"
            cases[f"{key}|in"], cases[f"{key}|out"] = x, getattr(torch, name)(torch.from_numpy(x)).numpy()
            for n in range(1, 41):  # short arrays: torch pads the last vector, no scalar tail
                short = rng.uniform(low, high, n).astype(dtype)
                cases[f"{key}|{n}|in"] = short
                cases[f"{key}|{n}|out"] = getattr(torch, name)(torch.from_numpy(short)).numpy()
    for n in (2, 3, 5, 8, 10, 17, 100, 1000):
        logits = (rng.standard_normal((5000 // n, n)) * 3).astype(np.float32)
        cases[f"log_softmax{n}|in"] = logits
        cases[f"log_softmax{n}|out"] = torch.log_softmax(torch.from_numpy(logits), -1).numpy()
    cases.update(kernel_cases(np.random.default_rng(2027)))
    np.savez_compressed(OUT, __capability__=np.array(torch.backends.cpu.get_cpu_capability()),
                        __torch__=np.array(torch.__version__), **cases)
    print(f"{OUT.name}: {sum(k.endswith('|out') for k in cases)} cases")


def kernel_inputs(rng, ranges, dtype):
    """The operands of each case of one kernel: random values with a scalar tail, random bit patterns and edges
    (every pair of edges for two operands), every length 1..40, (20, 30) arrays for VIEWS, broadcast operands."""
    bits = np.uint32 if dtype == np.float32 else np.uint64
    edges = np.array(KERNEL_EDGES, dtype)
    pairs = np.meshgrid(edges, edges) if len(ranges) == 2 else [edges]

    def body(low, high, pair):
        any_bits = rng.integers(0, 2**63, 500, dtype=np.uint64).astype(bits).view(dtype)
        return np.concatenate([rng.uniform(low, high, 2051).astype(dtype), any_bits, pair.reshape(-1)])
    cases = {"body": [body(low, high, pair) for (low, high), pair in zip(ranges, pairs)]}
    for n in range(1, 41):
        cases[f"n{n}"] = [rng.uniform(low, high, n).astype(dtype) for low, high in ranges]
    for view in VIEWS:
        cases[view] = [rng.uniform(low, high, (20, 30)).astype(dtype) for low, high in ranges]
    if len(ranges) == 2:
        (a_low, a_high), (b_low, b_high) = ranges
        for name, shape in (("column", (20, 1)), ("row", (30,))):
            cases[name] = [rng.uniform(a_low, a_high, (20, 30)).astype(dtype), rng.uniform(b_low, b_high, shape).astype(dtype)]
    return cases


def kernel_cases(rng):
    import torch
    cases = {}
    for name, (function, _, numbers, ranges) in KERNELS.items():
        for dtype in (np.float32, np.float64):
            for case, operands in kernel_inputs(rng, ranges, dtype).items():
                key = f"kernel|{name}|{np.dtype(dtype).name}|{case}"
                view = VIEWS.get(case, lambda x: x)
                out = getattr(torch, function)(*(view(torch.from_numpy(x)) for x in operands), *numbers)
                cases.update({f"{key}|in{i}": x for i, x in enumerate(operands)})
                cases[f"{key}|out"] = out.contiguous().numpy()
    return cases


if __name__ == "__main__":
    main()
