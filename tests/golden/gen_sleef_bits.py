#!/usr/bin/env python
"""Record torch 2.13's float32/float64 log1p and expm1 and float32 log_softmax bits for tests/engine/test_sleef.py.

    /work/torchenv/bin/python tests/golden/gen_sleef_bits.py

torch's AVX2 kernels take these from SLEEF (log1p, expm1; the log of log_softmax's row sums); gradcli's
gradcli/engine/sleef.py reimplements them.  Writes tests/golden/bitexact/sleef.npz: every input and torch's
output, so the test needs neither torch nor a particular NumPy random stream.
"""

import os
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402

OUT = Path(__file__).resolve().parent / "bitexact" / "sleef.npz"
EDGES = {"log1p": [-1, -0.99999994, -0.5, -0.0, 0.0, 1e-30, 3e-39, 1e-7, 0.75, 1e37, 1e38, 1.01e38, 3e38,
                   np.inf, -2, -np.inf],
         "expm1": [88.7, 88.72, 88.73, 89, -16.6, -16.7, -0.0, 0.0, 1e-10, 1e-40, -104, -105, 50, np.inf, -np.inf]}
RANGES = {"log1p": (-0.9, 10), "expm1": (-5, 5)}


def main():
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
    np.savez_compressed(OUT, __capability__=np.array(torch.backends.cpu.get_cpu_capability()),
                        __torch__=np.array(torch.__version__), **cases)
    print(f"{OUT.name}: {sum(k.endswith('|out') for k in cases)} cases")


if __name__ == "__main__":
    main()
