#!/usr/bin/env python
"""Record SHA-256 digests of torch 2.13's large random tensors, for tests/engine/test_random_digests.py (needs torch).

    OMP_NUM_THREADS=1 /work/torchenv/bin/python tests/golden/gen_random_digests.py

A digest covers every bit of 10^6 values, which a golden's printed sums do not. Each case is seeded, so the
test draws the same tensors from gradcli's generator. torch's default capability (AVX2 here): its float32
randn is the AVX2 Box-Muller gradcli reproduces.
"""

import hashlib
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent / "bitexact" / "random_digests.json"
# (seed, function, size, dtype): sizes below and off the Box-Muller's blocks of 16 and its chunks
CASES = [(0, "randn", 1_000_000, "float32"), (1, "randn", 1_000_007, "float32"), (2, "randn", 65_552, "float32"),
         (3, "randn", 1_000_000, "float64"), (4, "rand", 1_000_000, "float32"), (5, "rand", 1_000_000, "float64"),
         (6, "randn", 10_000_000, "float32"), (7, "randn", 15, "float32"), (8, "randn", 17, "float32"),
         (9, "randn", 31, "float32"), (10, "randn", 65_536 * 3 + 40, "float32"), (11, "randn", 1_000_003, "float64")]


def digest(values):
    return hashlib.sha256(values.tobytes()).hexdigest()


def main():
    import torch

    digests = []
    for seed, function, size, dtype in CASES:
        torch.manual_seed(seed)
        values = getattr(torch, function)(size, dtype=getattr(torch, dtype)).numpy()
        digests.append([seed, function, size, dtype, digest(values)])
    rows = ",\n  ".join(json.dumps(row) for row in digests)
    OUT.write_text(f'{{"torch": "{torch.__version__}", "capability": "{torch.backends.cpu.get_cpu_capability()}",\n'
                   f' "cases": [\n  {rows}\n ]}}\n')


if __name__ == "__main__":
    main()
