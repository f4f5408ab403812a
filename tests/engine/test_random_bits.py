"""torch's float32 randn bits: its AVX2 Box-Muller reproduced with NumPy (gradcli.engine.random).

The golden script tests/golden/engine/289_randn_large_bits.py compares values with torch's, and
test_randn_digests.py 10^6 of them; this checks the premises of the fused multiply-add emulation for every
input randn can ever see (the 2**24 float32 uniforms)."""

import numpy as np

from gradcli.engine import kernels, random


def test_every_fused_multiply_add_is_rounded_once_for_every_uniform(monkeypatch):
    fast = random._fma32
    calls = []

    def checked_fma32(a, b, c, binade=None):
        out = fast(a, b, c, binade)
        rounded = out.astype(np.float32)
        assert np.array_equal(rounded.astype(out.dtype), out)  # a float32 value (the binade was right)
        # kernels._fma32 rounds once whatever the sum: no float64 sum halfway between two float32
        assert np.array_equal(rounded.view(np.int32), kernels._fma32(a, b, c).view(np.int32))
        calls.append(binade)
        return out

    monkeypatch.setattr(random, "_fma32", checked_fma32)
    every_k = np.arange(2**24, dtype=np.int32)  # the uniforms k * 2**-24
    for chunk in np.split(every_k, 64):
        random._cephes_log(((1 << 24) - chunk).astype(np.float32) * np.float32(2**-24))
        random._cephes_sincos(chunk.astype(np.float32) * random.TWO_PI_ULP)
    # every FMA was checked: 9 in the log, 6 in the sincos besides its reduction (5 on a known binade)
    assert len(calls) == 64 * 15 and calls.count(None) == 64 * 10


def test_the_reduction_by_octants_is_cephes_three_fused_steps_for_every_uniform():
    every_x = np.arange(2**24, dtype=np.float32) * random.TWO_PI_ULP
    octant, reduced = random._reduced(every_x)
    even = octant.astype(np.float32)
    x = every_x
    for part in random.PI_OVER_4_PARTS:
        x = kernels._fma32(even.astype(np.float64), part, x.astype(np.float64))
    assert np.array_equal(reduced.view(np.int32), x.view(np.int32))


def test_large_float32_randn_is_normal():
    values = random.Generator(7).normal(100_000, np.float32)
    assert values.dtype == np.float32 and abs(values.mean()) < 0.02 and abs(values.std() - 1) < 0.02
