#!/usr/bin/env python
"""Record torch 2.13's float32/float64 sums and means of large arrays for tests/engine/test_sum_layouts.py.

    /work/torchenv/bin/python tests/golden/gen_sum_layouts.py

The cases reach what the small reductions of gen_bitexact.py do not: all four levels of the cascade, rows
summed a few MB at a time, rows whose leftover nearly fills a block, and columns long enough for
np.add.reduce.  The inputs are built from their index by integer arithmetic (exact on any machine), so only
torch's outputs are stored, in tests/golden/bitexact/sum_layouts.npz.
"""

import os
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent / "bitexact" / "sum_layouts.npz"

# name: (shape, dtype, dim or None, "sum" or "mean")
CASES = {
    "flat float32": ((2**21 + 12345,), "float32", None, "sum"),  # a cascade of four levels
    "flat float64": ((2**20 + 777,), "float64", None, "mean"),
    "rows of 1000": ((5000, 1000), "float32", 1, "sum"),  # five chunks of rows; a leftover of 15 of 16
    "rows of 966": ((700, 966), "float32", 1, "mean"),  # a leftover of 14 of 16 and a scalar tail of 6
    "rows of 500 float64": ((3000, 500), "float64", 1, "sum"),
    "rows of 784": ((2000, 784), "float32", 1, "sum"),  # a leftover of 8: two views
    "columns of 3000": ((1000, 3000), "float32", 0, "sum"),  # long runs; the last 24 columns re-summed
    "columns of 1000 float64": ((700, 1000), "float64", 0, "mean"),
    "middle dim": ((40, 300, 500), "float32", 1, "sum"),
    "outer and inner dims": ((40, 300, 50), "float32", (0, 2), "sum"),
    # Flat sums of 10^5 to 10^7 elements with a scalar tail, a last vector and a leftover at every level (the
    # first two levels of those from 8 MB on were once made in chunks of 512 KB: "two chunks" is from then).
    "flat 100009": ((100009,), "float32", None, "sum"),
    "flat 1000009": ((1000009,), "float32", None, "sum"),
    "flat 4196029, two chunks": ((4196029,), "float32", None, "sum"),
    "flat 10000009": ((10000009,), "float32", None, "sum"),
    "flat 3000005 float64": ((3000005,), "float64", None, "sum"),
}


def values(shape, dtype, salt):
    """Exactly representable values of many magnitudes and both signs, from each element's index."""
    index = np.arange(int(np.prod(shape)), dtype=np.uint64)
    bits = (index * np.uint64(2654435761) + np.uint64(salt * 40503)) % np.uint64(2**32)
    mantissa = (bits % np.uint64(2**16)).astype(np.int64) - 2**15
    exponent = ((bits >> np.uint64(16)) % np.uint64(21)).astype(np.int64) - 10
    return np.ldexp(mantissa.astype(np.float64), exponent).astype(dtype).reshape(shape)


def case_input(name):
    shape, dtype, _, _ = CASES[name]
    return values(shape, dtype, list(CASES).index(name))


def main():
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch

    torch.set_num_threads(1)
    outputs = {}
    for name, (_, _, dim, op) in CASES.items():
        t = torch.from_numpy(case_input(name))
        reduce = getattr(t, op)
        outputs[name] = (reduce() if dim is None else reduce(dim)).numpy()
    OUT.parent.mkdir(exist_ok=True)
    np.savez_compressed(OUT, **outputs)
    print(f"{len(outputs)} cases, capability {torch.backends.cpu.get_cpu_capability()}: {OUT}")


if __name__ == "__main__":
    main()
