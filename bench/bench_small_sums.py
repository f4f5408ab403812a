"""torch_sum of small tensors (losses, `.sum()`, the backward's sum_to): `python bench/bench_small_sums.py [--runs N]`.

Each row times torch_sum of the whole tensor and np.sum of it in turn (--runs rounds of 2,000 calls each, the
minimum kept), in CPU time (time.process_time: waiting for a core on a loaded machine is left out), so that
both see the same load; the ratio is the figure to compare between versions.
"""

import argparse
import time
import timeit

import numpy as np

from gradcli.engine.reduce import torch_sum

SHAPES = [(1,), (10,), (100,), (1000,), (2, 1000), (64, 10)]
CALLS = 2000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    rng = np.random.default_rng(0)
    print(f"{'dtype':8} {'shape':10} {'torch_sum':>10} {'np.sum':>8} {'ratio':>6}")
    for dtype in (np.float32, np.float64):
        for shape in SHAPES:
            x = rng.standard_normal(shape).astype(dtype)
            ours, numpy = [], []
            for _ in range(runs):
                ours.append(timeit.Timer(lambda: torch_sum(x), timer=time.process_time).timeit(CALLS) / CALLS * 1e6)
                numpy.append(timeit.Timer(lambda: np.sum(x), timer=time.process_time).timeit(CALLS) / CALLS * 1e6)
            print(f"{np.dtype(dtype).name:8} {str(shape):10} {min(ours):8.1f}us {min(numpy):6.1f}us {min(ours) / min(numpy):5.1f}x")


if __name__ == "__main__":
    main()
