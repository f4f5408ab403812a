"""torch's float32 randn bits: its AVX2 Box-Muller reproduced with NumPy (gradcli.engine.random).

The golden script tests/golden/engine/289_randn_large_bits.py compares the values with torch's; this checks
the premise of the fused multiply-add emulation for every input randn can ever see (2**24 uniforms)."""

import math

import numpy as np

from gradcli.engine import random


def test_no_fused_multiply_add_is_rounded_twice_for_any_uniform(monkeypatch):
    midpoints = []

    def checked_fma32(a, b, c):
        product = np.multiply(a, b, dtype=np.float64)  # exact
        addend = np.broadcast_to(np.asarray(c, dtype=np.float64), product.shape)
        total = product + addend
        back = total - product
        rounding_error = (product - (total - back)) + (addend - back)  # Knuth's two-sum: exact
        # a rounded float64 sum halfway between two float32 (low 29 bits 1000...0) would be rounded twice
        halfway = (total.view(np.int64) & 0x1FFFFFFF) == 0x10000000
        midpoints.append(int(np.count_nonzero(halfway & (rounding_error != 0))))
        return total.astype(np.float32)

    monkeypatch.setattr(random, "_fma32", checked_fma32)
    every_uniform = np.arange(2**24, dtype=np.float32) * np.float32(2**-24)
    for chunk in np.split(every_uniform, 64):
        random._cephes_log(np.float32(1) - chunk)
        random._cephes_sincos(np.float32(2.0 * math.pi) * chunk)
    assert len(midpoints) > 64 and sum(midpoints) == 0  # every FMA of both functions was checked


def test_large_float32_randn_is_normal():
    values = random.Generator(7).normal(100_000, np.float32)
    assert values.dtype == np.float32 and abs(values.mean()) < 0.02 and abs(values.std() - 1) < 0.02
