"""torch_sum of small tensors (losses, `.sum()`, the backward's sum_to): `python bench/bench_small_sums.py [--runs N]
[--baseline FILE]`.

Each row times torch_sum of the whole tensor (or over the dim shown: a bias's gradient sums a batch over dim 0)
and np.sum of it in turn (--runs rounds of 2,000 calls each, the minimum kept), in CPU time (time.process_time:
waiting for a core on a loaded machine is left out), so that both see the same load; the ratio is the figure to
compare between versions.  --baseline FILE times another version of gradcli/engine/reduce.py in the same turns
(e.g. `git show main:gradcli/engine/reduce.py > /tmp/reduce_main.py`).
"""

import argparse
import importlib.util
import time
import timeit

import numpy as np

from gradcli.engine.reduce import torch_sum

CASES = [((1,), None), ((10,), None), ((50,), None), ((100,), None), ((1000,), None), ((2, 1000), None),
         ((64, 10), None), ((64, 10), 0), ((100, 3), 0)]
CALLS = 2000


def baseline_sum(path):
    """torch_sum of the reduce.py at ``path``, loaded inside gradcli.engine so that its relative imports resolve."""
    spec = importlib.util.spec_from_file_location("gradcli.engine.baseline_reduce", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.torch_sum


def best_time(fn):
    return timeit.Timer(fn, timer=time.process_time).timeit(CALLS) / CALLS * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", metavar="FILE", help="another version of reduce.py, timed in the same turns")
    args = parser.parse_args()
    sums = {"torch_sum": torch_sum, "np.sum": np.sum}
    if args.baseline:
        sums["baseline"] = baseline_sum(args.baseline)
    rng = np.random.default_rng(0)
    print(f"{'dtype':8} {'shape':10} {'dim':>4}" + "".join(f" {name:>10}" for name in sums) + " ratio")
    for dtype in (np.float32, np.float64):
        for shape, dim in CASES:
            x = rng.standard_normal(shape).astype(dtype)
            times = {name: [] for name in sums}
            for _ in range(args.runs):
                for name, fn in sums.items():
                    times[name].append(best_time(lambda: fn(x, dim)))
            best = {name: min(spent) for name, spent in times.items()}
            row = f"{np.dtype(dtype).name:8} {str(shape):10} {str(dim):>4}"
            print(row + "".join(f" {t:8.1f}us" for t in best.values()) + f" {best['torch_sum'] / best['np.sum']:5.1f}x"
                  + (f" ({best['torch_sum'] / best['baseline']:.2f}x the baseline)" if args.baseline else ""))


if __name__ == "__main__":
    main()
