#!/usr/bin/env python
"""Record torch 2.13's float32 ``x ** n`` bits for tests/engine/test_pow_bits.py.

    /work/torchenv/bin/python tests/golden/gen_pow_bits.py

For exponents other than 2, 3, -2, .5, -.5 and -1, torch's AVX2 pow kernel takes whole 16-element blocks to
SLEEF's powf (the exponent cast to float) and the rest of each contiguous run to the C library's double pow
(the exponent kept double); an input whose innermost axis is strided goes to pow whole.  Writes
tests/golden/bitexact/pow.npz: every input and torch's output, so the test needs neither torch nor a particular
NumPy random stream.
"""

import os
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402

OUT = Path(__file__).resolve().parent / "bitexact" / "pow.npz"
EXPONENTS = (4, 5, 1.5, -3, 2.5, 1.1)
EDGES = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-40, -2.0, 3e38, -3e38, 1e-20, 20.0,
         100.0, -100.0, 1e10, 1e-10, 0.5]


def main():
    rng = np.random.default_rng(2026)
    any_bits = rng.integers(0, 2**32, 1000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    edges = np.array(EDGES, np.float32)
    # edges both in the vector blocks (first) and in the scalar tail (last: 4027 % 16 = 11 elements)
    x = np.concatenate([edges, (rng.standard_normal(3000) * 3).astype(np.float32), any_bits, edges[:7]])
    matrix = (rng.standard_normal((40, 20)) * 3).astype(np.float32)
    cases = {"x": x, "matrix": matrix}
    for e in EXPONENTS:
        cases[f"{e}|x"] = (torch.from_numpy(x) ** e).numpy()
        for n in range(1, 41):
            cases[f"{e}|short{n}"] = (torch.from_numpy(x[-n:].copy()) ** e).numpy()
        m = torch.from_numpy(matrix)
        for name, view in (("transposed", m.t()), ("every_other_column", m[:, ::2]), ("first_15_columns", m[:, :15])):
            cases[f"{e}|{name}"] = (view ** e).numpy()
    np.savez_compressed(OUT, __capability__=np.array(torch.backends.cpu.get_cpu_capability()),
                        __torch__=np.array(torch.__version__), **cases)
    print(f"{OUT.name}: {len(cases) - 2} cases")


if __name__ == "__main__":
    main()
