"""Engine benchmarks, side by side in one run: `python bench/bench_engine.py`.

1. a scalar chain of 2,000 `y = y * 1.0001 + 0.001` steps, forward + backward (vs PyTorch, HIPS autograd)
2. `(sin(x) * x**2 + exp(-x)).sum()` over 1e6 float64 values, forward + backward (vs the same by hand in NumPy)
3. backward through chains of 10^4 .. 10^6 nodes: completes (no recursion), time per node stays flat
4. memory held by saved tensors before and after a backward without retain_graph
5. functional.hessian of a 30-input function whose graph has some 300 nodes (one backward per row, twice)

torch and autograd (HIPS) are optional: their columns are skipped when they are not installed.
Times are the best of several runs (min is the least noisy estimator on a shared machine).
"""

import gc
import sys
import time
import tracemalloc

import numpy as np

import gradcli.torch as gt


def best(fn, repeat=7):
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def chain(torch_like, steps=2000):
    def run():
        x = torch_like.tensor(1.0, requires_grad=True)
        y = x
        for _ in range(steps):
            y = y * 1.0001 + 0.001
        y.backward()
    return run


def hips_chain(steps=2000):
    import autograd

    def f(x):
        for _ in range(steps):
            x = x * 1.0001 + 0.001
        return x
    g = autograd.grad(f)
    return lambda: g(1.0)


def optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


def bench_chain():
    rows = [("gradcli", best(chain(gt)))]
    torch = optional("torch")
    if torch is not None:
        rows.append((f"torch {torch.__version__}", best(chain(torch))))
    if optional("autograd") is not None:
        rows.append(("HIPS autograd", best(hips_chain())))
    print("1. scalar chain, 2,000 steps (y = y * 1.0001 + 0.001), forward + backward")
    for name, t in rows:
        print(f"   {name:<22} {t * 1e3:8.2f} ms")
    if torch is not None:
        print(f"   gradcli / torch        {rows[0][1] / rows[1][1]:8.2f}x   (target <= 0.8x, issue 17)")


def bench_elementwise(n=1_000_000):
    data = np.random.default_rng(0).standard_normal(n)

    def with_gradcli():
        x = gt.tensor(data, requires_grad=True)
        (gt.sin(x) * x ** 2 + gt.exp(-x)).sum().backward()

    def by_hand():
        s, e, sq = np.sin(data), np.exp(-data), data * data
        value = (s * sq + e).sum()
        grad = np.cos(data) * sq + s * 2 * data - e
        return value, grad

    ours, hand = best(with_gradcli), best(by_hand)
    print("2. (sin(x) * x**2 + exp(-x)).sum(), 1e6 float64, forward + backward")
    print(f"   gradcli                {ours * 1e3:8.2f} ms")
    print(f"   NumPy by hand          {hand * 1e3:8.2f} ms")
    print(f"   gradcli / by hand      {ours / hand:8.2f}x   (target <= 1.25x)")


def bench_deep():
    print("3. backward through a chain of n nodes (iterative: no recursion limit)")
    print(f"   (Python's recursion limit here: {sys.getrecursionlimit()})")
    for n in (10_000, 100_000, 1_000_000):
        x = gt.tensor(1.0, requires_grad=True)
        y = x
        for _ in range(n):
            y = y + 1.0
        start = time.perf_counter()
        y.backward()
        t = time.perf_counter() - start
        print(f"   n = {n:>9,}  {t:7.3f} s   {t / n * 1e6:6.2f} us/node   x.grad = {x.grad.item()}")
        del x, y
        gc.collect()


def bench_memory(n=1_000_000, depth=20):
    gc.collect()
    tracemalloc.start()
    x = gt.tensor(np.ones(n), requires_grad=True)
    y = x
    for _ in range(depth):
        y = gt.exp(y * 0.5)  # each node saves a 1e6-element tensor
    loss = y.sum()
    held = tracemalloc.get_traced_memory()[0]
    loss.backward()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(f"4. saved tensors of {depth} exp/mul nodes over 1e6 float64 values")
    print(f"   before backward   {held / 2**20:8.1f} MiB traced")
    print(f"   after backward    {after / 2**20:8.1f} MiB traced (x.grad and x remain: {2 * n * 8 / 2**20:.1f} MiB)")


def hessian_target(x):
    y = x
    for _ in range(20):
        y = gt.tanh(y * 0.9 + 0.1) * x
    return (y ** 2).sum()


def bench_hessian(n=30):
    x = gt.tensor(np.linspace(-1, 1, n))
    t = best(lambda: gt.autograd.functional.hessian(hessian_target, x), repeat=3)
    print(f"5. functional.hessian, {n} inputs, a 20-layer elementwise function")
    print(f"   gradcli                {t * 1e3:8.1f} ms")


if __name__ == "__main__":
    bench_chain()
    bench_elementwise()
    bench_deep()
    bench_memory()
    bench_hessian()
