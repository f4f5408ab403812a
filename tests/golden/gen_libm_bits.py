#!/usr/bin/env python
"""Record the C library's float functions that torch's scalar loops call, for tests/engine/test_libm.py.

    /work/torchenv/bin/python tests/golden/gen_libm_bits.py

torch's scalar loops call them (softmax's tail off the last dim, binary_cross_entropy's element loop, the tails of
the SLEEF-vectorised kernels, sinc), and the wheel takes them from the system's libm at run time: here glibc 2.36 on x86-64 with FMA, whose builds
gradcli/engine/libm.py reimplements.  The functions are called through ctypes, one float at a time, on random
inputs over the ranges those kernels see, random bit patterns (NaN, infinities, subnormals) and edges.  Writes
tests/golden/bitexact/libm.npz: every input and the library's output, with the glibc version.
"""

import ctypes
import platform
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent / "bitexact" / "libm.npz"
RANGES = {"expf": [(-20, 20), (-104, 89)], "logf": [(1e-3, 100), (0.5, 2), (1e-40, 1e-30)],
          "log1pf": [(-0.9, 10), (-0.3, 0.42), (-1, 0), (1e-8, 1e-5), (0, 1e10)],
          "exp2f": [(-20, 20), (-151, 129)], "expm1f": [(-5, 5), (-0.6, 0.6), (-20, 90)],
          "sinhf": [(-10, 10), (-1, 1), (-95, 95)], "coshf": [(-10, 10), (-0.4, 0.4), (-95, 95)],
          "atanhf": [(-1, 1), (-0.5, 0.5)], "atanf": [(-3, 3), (-1e3, 1e3)], "sinf": [(-40, 40), (-1e4, 1e4)],
}
BINARY = {"powf": ([(0, 5), (-30, 30)], [(-4, 4), (-40, 40)]),  # the ranges of each operand, drawn in pairs
          "atan2f": ([(-3, 3), (-1e-3, 1e-3)], [(-3, 3), (-1e3, 1e3)])}
EDGES = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 2**-29, -2**-29, 2**-54, 3e38, 88.72,
         88.73, -103.9, -104.0, 0.41422, -0.2929, 1e-8, -0.99999994, 0.99999994, 1.0000001]


def main():
    libm = ctypes.CDLL("libm.so.6")
    rng = np.random.default_rng(2026)
    cases = {}
    for name, ranges in RANGES.items():
        function = getattr(libm, name)
        function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
        any_bits = rng.integers(0, 2**32, 5000, dtype=np.uint64).astype(np.uint32).view(np.float32)
        x = np.concatenate([rng.uniform(low, high, 10000).astype(np.float32) for low, high in ranges]
                           + [any_bits, np.array(EDGES, np.float32)])
        cases[f"{name}|in"] = x
        cases[f"{name}|out"] = np.array([function(float(v)) for v in x], np.float32)
    edges = np.array(EDGES, np.float32)
    for name, operand_ranges in BINARY.items():
        function = getattr(libm, name)
        function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float, ctypes.c_float]
        operands = []
        for ranges, edge_grid in zip(operand_ranges, np.meshgrid(edges, edges)):
            any_bits = rng.integers(0, 2**32, 5000, dtype=np.uint64).astype(np.uint32).view(np.float32)
            operands.append(np.concatenate([rng.uniform(low, high, 10000).astype(np.float32) for low, high in ranges]
                                           + [any_bits, edge_grid.reshape(-1)]))
        cases[f"{name}|in0"], cases[f"{name}|in1"] = operands
        cases[f"{name}|out"] = np.array([function(float(x), float(y)) for x, y in zip(*operands)], np.float32)
    np.savez_compressed(OUT, __glibc__=np.array("-".join(platform.libc_ver())), __machine__=np.array(platform.machine()),
                        **cases)
    print(f"{OUT.name}: {', '.join([*RANGES, *BINARY])} from {'-'.join(platform.libc_ver())} ({platform.machine()})")


if __name__ == "__main__":
    main()
