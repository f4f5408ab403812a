"""Cost of float32 matrix products in MKL's order: `python bench/bench_matmul.py`.

gradcli.engine.gemm against NumPy's own product (OpenBLAS) on the tutorial shapes: the two-layer net of
"Learning PyTorch with Examples" (64x1000 @ 1000x100 forward, its weight gradient 1000x64 @ 64x100,
64x100 @ 100x10), nn.Linear(3, 1) on 2000 points, a row vector
times a matrix, torch.mv, and two square products above gemm.EXACT_LIMIT.  With Intel MKL installed
(gradcli[mkl]) gradcli calls MKL's BLAS and a third column times the fitted orders without it (above the
limit those are NumPy's product).  The columns are timed one after another per case, best of several runs;
run it when the machine is quiet and quote `uptime` with the figures.
"""

import numpy as np

from bench_engine import best  # same directory: run as `python bench/bench_matmul.py`
from gradcli.engine import mkl
from gradcli.engine.gemm import matrix_vector, product


def main():
    rng = np.random.default_rng(0)

    def f32(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    x, w1, g, h, w2, xx, w, v, a = (f32(64, 1000), f32(1000, 100), f32(64, 100), f32(64, 100), f32(100, 10),
                                    f32(2000, 3), f32(1, 3), f32(1, 1000), f32(1000, 1000))
    s300, s1000 = f32(300, 300), f32(1000, 1000)
    cases = [("64x1000 @ 1000x100 (fused chains)", lambda: product(x, w1), lambda: x @ w1),
             ("x.T @ g: 1000x64 @ 64x100", lambda: product(x.T, g), lambda: x.T @ g),
             ("64x100 @ 100x10 (plain chains)", lambda: product(h, w2), lambda: h @ w2),
             ("linear 2000x3 -> 1 (lane dots)", lambda: product(xx, w.T, w[0, :1]), lambda: w[0, :1] + xx @ w.T),
             ("1x1000 @ 1000x100 (plain chain)", lambda: product(v, w1), lambda: v @ w1),
             ("mv 1000x1000 @ 1000 (lane dots)", lambda: matrix_vector(a, v[0]), lambda: a @ v[0]),
             ("300x300 @ 300x300", lambda: product(s300, s300), lambda: s300 @ s300),
             ("1000x1000 @ 1000x1000", lambda: product(s1000, s1000), lambda: s1000 @ s1000)]
    loaded = mkl.library() is not None
    print(f"{'case':36s} {'NumPy':>10s} {'gradcli':>10s} {'ratio':>7s}" + (f" {'no MKL':>10s} {'ratio':>7s}" * loaded)
          + ("  (gradcli with MKL)" if loaded else "  (without MKL)"))
    for name, ours_fn, numpy_fn in cases:
        ours, theirs = best(ours_fn, 5), best(numpy_fn, 5)
        line = f"{name:36s} {theirs * 1e3:8.3f}ms {ours * 1e3:8.3f}ms {ours / theirs:6.1f}x"
        if loaded:
            with mkl.disabled():
                fitted = best(ours_fn, 5)
            line += f" {fitted * 1e3:8.3f}ms {fitted / theirs:6.1f}x"
        print(line)


if __name__ == "__main__":
    main()
