"""Cost of summing in torch's order: `python bench/bench_float32.py [--baseline FILE]`.

torch_sum (gradcli/engine/reduce.py) against NumPy's own pairwise `np.sum` on 10^7 float32 elements,
for a full sum (and beside it its first cascade level alone: blocks of 16 rows of 32 floats in torch's layout
summed row after row, by MKL's batched gemm where gradcli[mkl] is installed, else by one einsum, the pass every
NumPy formulation of the cascade needs), a sum over
the last dim of (10^4, 10^3) and over the first dim of (10^3, 10^4); also float32 sigmoid (SLEEF's expf
emulated) against NumPy's `1 / (1 + exp(-x))`.
The sides run in turn, one after the other (in rotating order), and each keeps its best time in CPU seconds of this process
(time.process_time: waiting for a core on a loaded machine does not count; the min is the least noisy
estimator; taking turns puts all under the same load).  --baseline FILE times another version of reduce.py's
torch_sum in the same turns (e.g. `git show main:gradcli/engine/reduce.py > /tmp/reduce_main.py`).
--runs N measures the full sum N times (each its own 40 turns) and adds the median and range of the N ratios.
"""

import argparse
import importlib.util
import time

import numpy as np

from gradcli.engine.ops.pointwise import sigmoid_kernel as sigmoid32
from gradcli.engine import mkl
from gradcli.engine.reduce import _sequential, torch_sum


def side_by_side(fns, repeat=40):
    """The best time of each of ``fns``, run in turn; each round starts one further along the list, so that
    each runs as often after each other (the one run after np.sum, which allocates nothing, measurably pays more)."""
    for fn in fns:
        fn()
    times = [[] for _ in fns]
    for round in range(repeat):
        for k in range(len(fns)):
            which = (round + k) % len(fns)
            start = time.process_time()
            fns[which]()
            times[which].append(time.process_time() - start)
    return [min(spent) for spent in times]


def report(name, ours, theirs, baseline=None, repeat=40):
    """One line: np.sum's time (theirs), ours, ours / theirs, and the baseline's ratio in the same turns; returns
    the ratios."""
    best = side_by_side([theirs, ours] + ([baseline] if baseline else []), repeat)
    line = f"{name:34s} {best[0] * 1e3:8.2f}ms {best[1] * 1e3:8.2f}ms {best[1] / best[0]:6.2f}x"
    print(line + (f" {best[2] * 1e3:8.2f}ms {best[2] / best[0]:6.2f}x" if baseline else ""))
    return [spent / best[0] for spent in best[1:]]


def summary(ratios):
    """The median and range of each side's ratios over the runs."""
    for side, runs in zip(["torch_sum", "baseline"], zip(*ratios)):
        print(f"  {side}: median {np.median(runs):.3f}x, range {min(runs):.3f}-{max(runs):.3f}x of {len(runs)} runs")


def baseline_sum(path):
    """torch_sum of the reduce.py at ``path``, loaded inside gradcli.engine so that its relative imports resolve."""
    spec = importlib.util.spec_from_file_location("gradcli.engine.baseline_reduce", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.torch_sum


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="FILE", help="another version of reduce.py, timed in the same turns")
    parser.add_argument("--runs", type=int, default=1, metavar="N", help="measure the full sum N times")
    args = parser.parse_args()
    old_sum = baseline_sum(args.baseline) if args.baseline else None
    x = np.random.default_rng(0).standard_normal(10**7).astype(np.float32)
    print(f"{'case':34s} {'np.sum':>10s} {'torch_sum':>10s} {'ratio':>7s}"
          + (f" {'baseline':>10s} {'ratio':>7s}" if old_sum else ""))
    ratios = [report("sum of 10^7 float32", lambda: torch_sum(x), lambda: np.sum(x), old_sum and (lambda: old_sum(x)))
              for _ in range(args.runs)]
    if args.runs > 1:
        summary(ratios)
    blocks = x[:x.size // 512 * 512].reshape(-1, 16, 32)
    level = "MKL" if mkl.library() is not None else "einsum"
    report(f"  its first level alone ({level})", lambda: _sequential(blocks, 1), lambda: np.sum(x))
    for name, a, axis in [("sum over dim 1 of (10^4, 10^3)", x.reshape(10**4, 10**3), 1),
                          ("sum over dim 0 of (10^3, 10^4)", x.reshape(10**3, 10**4), 0)]:
        report(name, lambda: torch_sum(a, axis), lambda: np.sum(a, axis), old_sum and (lambda: old_sum(a, axis)))
    small = x[:10**6]
    report("sigmoid of 10^6 float32", lambda: sigmoid32(small), lambda: 1 / (1 + np.exp(-small)), repeat=5)


if __name__ == "__main__":
    main()
