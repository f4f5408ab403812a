"""kernels.fma, float32: three scalars (a 0-d tensor's backward) take Python floats, and give the bits the
array path gives, half-way sums, overflow, infinities and NaN included."""

import numpy as np

from gradcli.engine import kernels


def test_scalar_fma_gives_the_array_paths_bits():
    rng = np.random.default_rng(0)
    triples = [tuple(np.float32(v) for v in rng.standard_normal(3) * 10.0 ** rng.integers(-20, 20, 3))
               for _ in range(20000)]
    one_and_a_bit = np.float32(1 + 2 ** -12)
    triples += [(one_and_a_bit, one_and_a_bit, np.float32(2 ** -80)),  # the float64 sum rounds to half-way
                (np.float32(3e38), np.float32(10), np.float32(1)), (np.float32(np.inf), np.float32(0), np.float32(1)),
                (np.float32(np.nan), np.float32(1), np.float32(1)), (np.float32(-0.0), np.float32(1), np.float32(-0.0))]
    for a, b, c in triples:
        scalar = kernels.fma(np.array(a), np.array(b), np.array(c))
        array = kernels.fma(np.array([a]), np.array([b]), np.array([c]))
        assert scalar.shape == () and scalar.dtype == np.float32
        assert scalar.tobytes() == array.tobytes() or np.isnan(scalar) and np.isnan(array[0]), (a, b, c)
