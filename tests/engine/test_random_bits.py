"""torch's float32 randn bits: its AVX2 Box-Muller reproduced with NumPy (gradcli.engine._normal_avx2).

The golden scripts (289_randn_large_bits, 720_normal_mean_std_bits) and test_random_digests.py compare values
with torch's. Here the fast code is checked against Cephes' log and sincos written out step by step with
kernels.fma's exact fused multiply-add, for every input randn can ever give them: the 2**24 float32 uniforms
k * 2**-24. A radius depends only on its k, and a sine or cosine only on its own, so this covers every bit
of every output (the fast code's shortcuts, such as rounding in float64, need no other proof)."""

import numpy as np

from gradcli.engine import _normal_avx2 as fast
from gradcli.engine.kernels import fma

EVERY_K = np.arange(2**24, dtype=np.int32)
CHUNK = 2**20
FOUR_OVER_PI = np.float32(1.27323954473516)  # avx_mathfun.h's cephes_FOPI


def f32(value):
    return np.float32(value)


def cephes_log(x):
    """avx_mathfun's log256_ps of float32 x in (0, 1], with the FMAs its AVX2 build makes."""
    bits = x.view(np.int32)
    e = ((bits >> 23) - 126).astype(np.float32)
    x = ((bits & 0x7FFFFF) | 0x3F000000).view(np.float32)  # the mantissa, in [0.5, 1)
    small = x < f32(0.707106781186547524)
    e -= small
    x = (x - f32(1)) + np.where(small, x, f32(0))
    y = fma(f32(fast.LOG_POLYNOMIAL[0]), x, f32(fast.LOG_POLYNOMIAL[1]))
    for coefficient in fast.LOG_POLYNOMIAL[2:]:
        y = fma(y, x, f32(coefficient))
    z = x * x
    y = y * x
    y = fma(y, z, e * fast.LN2_LOW)
    y = fma(z, f32(-0.5), y)
    x = x + y
    return fma(e, fast.LN2_HIGH, x)


def cephes_sincos(x):
    """avx_mathfun's sincos256_ps of float32 x >= 0, with the FMAs its AVX2 build makes."""
    j = (x * FOUR_OVER_PI).astype(np.int32)
    j = (j + 1) & ~1
    y = j.astype(np.float32)
    for part in fast.PI_OVER_4_PARTS:  # the reduction by pi/4 in three parts (negative)
        x = fma(y, f32(part), x)
    sin_negative = (j & 4) != 0
    cos_negative = (~(j - 2) & 4) != 0
    swap = (j & 2) != 0
    z = x * x
    c0, c1, c2 = map(f32, fast.COS_POLYNOMIAL)
    s0, s1, s2 = map(f32, fast.SIN_POLYNOMIAL)
    near_cos = fma(fma(c0, z, c1), z, c2)
    near_cos = near_cos * z
    near_cos = fma(near_cos, z, -f32(0.5) * z)
    near_cos = near_cos + f32(1)
    near_sin = fma(fma(s0, z, s1), z, s2)
    near_sin = near_sin * z
    near_sin = fma(near_sin, x, x)
    sin = np.where(swap, near_cos, near_sin)
    cos = np.where(swap, near_sin, near_cos)
    return np.where(sin_negative, -sin, sin), np.where(cos_negative, -cos, cos)


def signed(values, sign):
    return (values.view(np.int32) ^ sign).view(np.float32)


def same_bits(a, b):
    return np.array_equal(a.view(np.int32), b.view(np.int32))


def test_the_log_of_every_uniform_has_cephes_bits():
    room = fast.Room(CHUNK)
    out = np.empty(CHUNK, np.float32)
    for k in np.split(EVERY_K, 2**24 // CHUNK):
        fast.log_times(np.array(-2, np.float32), k.copy(), room, out)  # it writes over its k
        expected = f32(-2) * cephes_log(((1 << 24) - k).astype(np.float32) * f32(2**-24))
        assert same_bits(out, expected)


def test_the_sine_and_cosine_of_every_uniform_have_cephes_bits():
    room = fast.Room(CHUNK)
    for k in np.split(EVERY_K, 2**24 // CHUNK):
        sin, cos, sign = fast.sincos(k.copy(), room)  # it writes over its k; sin and cos are halved
        expected_sin, expected_cos = cephes_sincos(k.astype(np.float32) * fast.TWO_PI_ULP)
        assert same_bits(2 * signed(sin, sign), expected_sin) and same_bits(2 * signed(cos, sign), expected_cos)


def test_rows_of_16_put_cos_then_sin_times_the_radius():
    k = np.random.default_rng(0).integers(0, 2**24, (1000, 16), dtype=np.int32)
    k[0, :8] = 0  # radius 0: torch's + 0 turns -0 into +0
    out = np.empty(k.shape, np.float32)
    fast.box_muller(k, out, fast.Room(8 * 1024))  # a room larger than the rows
    radius = np.sqrt(f32(-2) * cephes_log(((1 << 24) - k[:, :8]).astype(np.float32) * f32(2**-24)))
    sin, cos = cephes_sincos(k[:, 8:].astype(np.float32) * fast.TWO_PI_ULP)
    assert same_bits(out[:, :8], radius * cos + f32(0)) and same_bits(out[:, 8:], radius * sin + f32(0))
    assert not np.signbit(out[0][out[0] == 0]).any()


def test_large_float32_randn_is_normal():
    from gradcli.engine import random

    values = random.Generator(7).normal(100_000, np.float32)
    assert values.dtype == np.float32 and abs(values.mean()) < 0.02 and abs(values.std() - 1) < 0.02
