#!/usr/bin/env python
"""Measure how often torch.linalg.lstsq's default driver (gelsy) gives gradcli's bits (needs torch).

    /work/torchenv/bin/python tests/golden/measure_gelsy.py torch DIR    # torch's solutions into DIR
    python tests/golden/measure_gelsy.py gradcli DIR                     # where gradcli[mkl] is installed

torch 2.13 hands MKL's ?gelsy_ an uninitialized pivot array (jpvt, whose nonzero entries fix columns in place), so
its last bits depend on what the memory held: each of PROCESSES fresh torch processes (one thread) solves one
float32 problem of every shape of SHAPES, in an order of its own.  gradcli passes every column fixed (what nonzero
garbage does); the second step prints, per shape, how many of torch's solutions are gradcli's bits.
"""

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

SHAPES = [(4, 4), (9, 3), (3, 7), (30, 3), (12, 8), (20, 16), (40, 35), (64, 10)]
PROCESSES = 10


def solve_in_torch(seed, directory):
    """One fresh process's problems: A, B drawn from the seed, the shapes in a seeded order."""
    import torch
    torch.manual_seed(seed)
    solved = {}
    for i in np.random.default_rng(seed).permutation(len(SHAPES)):
        m, n = SHAPES[i]
        a, b = torch.randn(m, n), torch.randn(m, 2)
        solved[m, n] = a, b, torch.linalg.lstsq(a, b).solution
    for (m, n), (a, b, x) in solved.items():  # saved afterwards: the files' buffers would be the next garbage
        np.savez(Path(directory) / f"{seed}_{m}x{n}.npz", a=a.numpy(), b=b.numpy(), x=x.numpy())


def share_identical(directory):
    import gradcli.torch as gt
    for m, n in SHAPES:
        same = 0
        for seed in range(PROCESSES):
            with np.load(Path(directory) / f"{seed}_{m}x{n}.npz") as data:
                x = gt.linalg.lstsq(gt.from_numpy(data["a"]), gt.from_numpy(data["b"])).solution.numpy()
                same += x.tobytes() == data["x"].tobytes()
        print(f"{m:3d}x{n:<3d} {same:3d} / {PROCESSES}")


if __name__ == "__main__":
    step, directory = sys.argv[1], sys.argv[2]
    if step == "torch":
        os.makedirs(directory, exist_ok=True)
        for seed in range(PROCESSES):
            subprocess.run([sys.executable, __file__, "process", directory, str(seed)], check=True)
    elif step == "process":
        solve_in_torch(int(sys.argv[3]), directory)
    else:
        share_identical(directory)
