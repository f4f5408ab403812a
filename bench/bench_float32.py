"""Cost of summing in torch's order: `python bench/bench_float32.py`.

torch_sum (gradcli/engine/reduce.py) against NumPy's own pairwise `np.sum` on 10^7 float32 elements,
for a full sum (and beside it its first cascade level alone: one einsum over torch's layout, blocks of 16
rows of 32 floats summed row after row, the pass every NumPy formulation of the cascade needs), a sum over
the last dim of (10^4, 10^3) and over the first dim of (10^3, 10^4); also float32 sigmoid (SLEEF's expf
emulated) against NumPy's `1 / (1 + exp(-x))`.
The two sides run alternately, one after the other, and each keeps its best time in CPU seconds of this
process (time.process_time: waiting for a core on a loaded machine does not count; the min is the least
noisy estimator; alternating puts both under the same load).
"""

import time

import numpy as np

from gradcli.engine.ops.pointwise import sigmoid_kernel as sigmoid32
from gradcli.engine.reduce import torch_sum


def side_by_side(ours, theirs, repeat=40):
    """(best time of ours, best time of theirs), run alternately."""
    ours(), theirs()
    times = ([], [])
    for _ in range(repeat):
        for fn, spent in zip((ours, theirs), times):
            start = time.process_time()
            fn()
            spent.append(time.process_time() - start)
    return min(times[0]), min(times[1])


def report(name, ours, theirs, repeat=40):
    ours, theirs = side_by_side(ours, theirs, repeat)
    print(f"{name:34s} {theirs * 1e3:8.2f}ms {ours * 1e3:8.2f}ms {ours / theirs:6.2f}x")


def main():
    x = np.random.default_rng(0).standard_normal(10**7).astype(np.float32)
    print(f"{'case':34s} {'np.sum':>10s} {'torch_sum':>10s} {'ratio':>7s}")
    report("sum of 10^7 float32", lambda: torch_sum(x), lambda: np.sum(x))
    blocks = x[:x.size // 512 * 512].reshape(-1, 16, 32)
    report("  its first level alone (einsum)", lambda: np.einsum("abc->ac", blocks), lambda: np.sum(x))
    for name, a, axis in [("sum over dim 1 of (10^4, 10^3)", x.reshape(10**4, 10**3), 1),
                          ("sum over dim 0 of (10^3, 10^4)", x.reshape(10**3, 10**4), 0)]:
        report(name, lambda: torch_sum(a, axis), lambda: np.sum(a, axis))
    small = x[:10**6]
    report("sigmoid of 10^6 float32", lambda: sigmoid32(small), lambda: 1 / (1 + np.exp(-small)), repeat=5)

if __name__ == "__main__":
    main()
