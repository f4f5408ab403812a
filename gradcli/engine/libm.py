"""The C library's expf, logf and log1pf (glibc 2.36, x86-64), which torch's scalar loops call.

torch's kernels call ``std::exp``, ``std::log`` and ``std::log1p`` on floats where they do not vectorise: the
last elements of softmax's off-last-dim loop, binary_cross_entropy's element loop.  The wheel links the
system's libm at run time; on this Debian 12 (glibc 2.36) on an AVX2 CPU, glibc picks the builds of expf
and logf compiled with ``-mfma -mavx2``, in which GCC fuses every multiply feeding an add (checked against
the library itself: the unfused expf differs once in 4 million inputs).  Their algorithms are public (LGPL;
sysdeps/ieee754/flt-32/e_expf.c and e_logf.c, Szabolcs Nagy's table methods in double precision, and
s_log1pf.c, fdlibm's, in float32 without FMA); they are reimplemented here with NumPy array arithmetic, the
fused steps exact with ``kernels.fma``.  Identical to the library on every float tested
(tests/golden/gen_libm_bits.py, tests/engine/test_libm.py).
"""

import numpy as np

from .kernels import fma

f32 = np.float32


def _hex(*values):
    return [float.fromhex(v) for v in values]


# ---- expf: 2**(k/32) from a table, times a cubic in the remainder ------------------------------------------------

EXP_TABLE_BITS = 5
EXP_N = 1 << EXP_TABLE_BITS
EXP_TABLE = np.array([  # bits of 2**(i/32), minus i << 47 (e_exp2f_data.c)
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540], np.uint64)
EXP_SHIFT = float.fromhex("0x1.8p+52")  # adding it rounds to an integer held in the low bits
EXP_INV_LN2_N = float.fromhex("0x1.71547652b82fep+0") * EXP_N
EXP_POLY = [c / EXP_N ** p for c, p in zip(_hex("0x1.c6af84b912394p-5", "0x1.ebfce50fac4f3p-3", "0x1.62e42ff0c52d6p-1"),
                                           (3, 2, 1))]


def expf(x):
    """glibc's expf (FMA build) on a float32 array: x * 32 / ln 2 = k + r, 2**(k/32) from the table, times
    1 + C2 r + C1 r**2 + C0 r**3 in double, rounded once to float."""
    x = np.asarray(x, np.float32)
    xd = x.astype(np.float64)
    with np.errstate(all="ignore"):
        shifted = fma(EXP_INV_LN2_N, xd, EXP_SHIFT)  # z + SHIFT, the product fused into the addition
        k_bits = np.where(np.isfinite(shifted), shifted, 0).view(np.uint64)
        kd = shifted - EXP_SHIFT
        r = fma(EXP_INV_LN2_N, xd, -kd)  # z - kd, fused the same way
        scale = (EXP_TABLE[k_bits % np.uint64(EXP_N)] + (k_bits << np.uint64(52 - EXP_TABLE_BITS))).view(np.float64)
        c0, c1, c2 = EXP_POLY
        y = fma(fma(c0, r, c1), r * r, fma(c2, r, 1.0))
        out = (y * scale).astype(np.float32)
        out = np.where(x > f32(float.fromhex("0x1.62e42ep6")), f32(np.inf), out)
        out = np.where(x < f32(float.fromhex("-0x1.9fe368p6")), f32(0), out)
        return np.where(np.isnan(x), x, out).reshape(x.shape)


# ---- logf: log(c) + k ln 2 from a table, plus a cubic in z/c - 1 -------------------------------------------------

LOG_TABLE_BITS = 4
LOG_OFF = 0x3f330000
LOG_INVC = np.array(_hex(
    "0x1.661ec79f8f3bep+0", "0x1.571ed4aaf883dp+0", "0x1.49539f0f010bp+0", "0x1.3c995b0b80385p+0",
    "0x1.30d190c8864a5p+0", "0x1.25e227b0b8eap+0", "0x1.1bb4a4a1a343fp+0", "0x1.12358f08ae5bap+0",
    "0x1.0953f419900a7p+0", "0x1p+0", "0x1.e608cfd9a47acp-1", "0x1.ca4b31f026aap-1",
    "0x1.b2036576afce6p-1", "0x1.9c2d163a1aa2dp-1", "0x1.886e6037841edp-1", "0x1.767dcf5534862p-1"))
LOG_LOGC = np.array(_hex(
    "-0x1.57bf7808caadep-2", "-0x1.2bef0a7c06ddbp-2", "-0x1.01eae7f513a67p-2", "-0x1.b31d8a68224e9p-3",
    "-0x1.6574f0ac07758p-3", "-0x1.1aa2bc79c81p-3", "-0x1.a4e76ce8c0e5ep-4", "-0x1.1973c5a611cccp-4",
    "-0x1.252f438e10c1ep-5", "0x0p+0", "0x1.aa5aa5df25984p-5", "0x1.c5e53aa362eb4p-4",
    "0x1.526e57720db08p-3", "0x1.bc2860d22477p-3", "0x1.1058bc8a07ee1p-2", "0x1.4043057b6ee09p-2"))
LOG_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
LOG_POLY = _hex("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2")


def logf(x):
    """glibc's logf (FMA build) on a float32 array: x = 2**k z with z near a table point c,
    log(x) = log1p(z/c - 1) + log(c) + k ln 2, the log1p a cubic in double, rounded once to float."""
    x = np.asarray(x, np.float32)
    with np.errstate(all="ignore"):
        subnormal = (x > 0) & (x < f32(np.finfo(np.float32).tiny))
        ix = np.where(subnormal, x * f32(2.0**23), x).view(np.uint32).astype(np.int64)
        ix = np.where(subnormal, ix - (23 << 23), ix)
        tmp = ix - LOG_OFF
        i = (tmp >> (23 - LOG_TABLE_BITS)) % (1 << LOG_TABLE_BITS)
        k = tmp >> 23  # tmp as a signed difference: the arithmetic shift of the C code
        z = (ix - (tmp & (0x1ff << 23))).astype(np.uint32).view(np.float32).astype(np.float64)
        r = fma(z, LOG_INVC[i], -1.0)
        y0 = fma(k.astype(np.float64), LOG_LN2, LOG_LOGC[i])
        a0, a1, a2 = LOG_POLY
        r2 = r * r
        y = fma(fma(a0, r2, fma(a1, r, a2)), r2, y0 + r)
        out = y.astype(np.float32)
        out = np.where(x == 1, f32(0), out)
        out = np.where(x == np.inf, x, out)
        out = np.where((x < 0) | np.isnan(x), f32(np.nan), out)
        return np.where(x == 0, f32(-np.inf), out).reshape(x.shape)


# ---- log1pf: fdlibm's, in float32 ---------------------------------------------------------------------------------

LN2_HI, LN2_LO = f32(6.9313812256e-01), f32(9.0580006145e-06)
LP = [f32(c) for c in (6.6666668653e-01, 4.0000000596e-01, 2.8571429849e-01, 2.2222198546e-01,
                       1.8183572590e-01, 1.5313838422e-01, 1.4798198640e-01)]


def log1pf(x):
    """glibc's log1pf (fdlibm's s_log1pf.c, plain float arithmetic) on a float32 array: 1 + x = 2**k (1 + f)
    with a correction c for the rounding of 1 + x, then log(1 + f) = f - (f**2/2 - s (f**2/2 + R(s**2))),
    s = f / (2 + f)."""
    x = np.asarray(x, np.float32)
    shape, x = x.shape, x.reshape(-1)
    one, zero = f32(1), np.zeros_like(x)
    with np.errstate(all="ignore"):
        hx = x.view(np.int32)
        ax = hx & 0x7fffffff
        small = (hx < 0x3ed413d7) & ((hx > 0) | (hx <= np.int32(np.uint32(0xbe95f61f).view(np.int32))))
        # k != 0: reduce 1 + x (or x itself when huge) to 2**k * u with u in [sqrt(2)/2, sqrt(2))
        huge = hx >= 0x5a000000
        u = np.where(huge, x, one + x)
        hu = u.view(np.int32)
        k = (hu >> 23) - 127
        c = np.where(huge, zero, np.where(k > 0, one - (u - x), x - (u - one)) / u)
        hu = hu & 0x007fffff
        low = hu < 0x3504f7
        u = np.where(low, hu | 0x3f800000, hu | 0x3f000000).astype(np.int32).view(np.float32)
        k = np.where(low, k, k + 1)
        hu = np.where(low, hu, (0x00800000 - hu) >> 2)
        f = np.where(small, x, u - one)
        k = np.where(small, 0, k)
        hu = np.where(small, 1, hu)
        kf = k.astype(np.float32)
        hfsq = f32(0.5) * f * f
        # |f| < 2**-20 (hu == 0, so k != 0)
        tiny_r = hfsq * (one - f32(0.66666666666666666) * f)
        tiny = np.where(f == 0, kf * LN2_HI + (c + kf * LN2_LO), kf * LN2_HI - ((tiny_r - (kf * LN2_LO + c)) - f))
        s = f / (f32(2) + f)
        z = s * s
        poly = LP[6]
        for coefficient in reversed(LP[:6]):
            poly = coefficient + z * poly
        big_r = z * poly
        general = np.where(k == 0, f - (hfsq - s * (hfsq + big_r)),
                           kf * LN2_HI - ((hfsq - (s * (hfsq + big_r) + (kf * LN2_LO + c))) - f))
        out = np.where(hu == 0, tiny, general)
        near_zero = ax < 0x31000000  # |x| < 2**-29
        out = np.where(near_zero, np.where(ax < 0x24800000, x, x - x * x * f32(0.5)), out)
        out = np.where(hx >= 0x7f800000, x + x, out)
        out = np.where((ax >= 0x3f800000) & (hx < 0), np.where(x == -1, f32(-np.inf), f32(np.nan)), out)
        return out.reshape(shape)


# ---- exp2f: expf's table and cubic, without the scaling by 32 / ln 2 -----------------------------------------------

EXP2_SHIFT = EXP_SHIFT / EXP_N  # adding it rounds x to a multiple of 1/32
EXP2_POLY = _hex("0x1.c6af84b912394p-5", "0x1.ebfce50fac4f3p-3", "0x1.62e42ff0c52d6p-1")


def _exp2_inline(xd, negative=False):
    """2**xd for float64 xd in [-1021, 1023] as exp2f and powf compute it: xd = k/32 + r, 2**(k/32) from expf's
    table (its sign bit set where ``negative``), times 1 + C2 r + C1 r**2 + C0 r**3; the float64 product."""
    shifted = xd + EXP2_SHIFT
    k_bits = np.where(np.isfinite(shifted), shifted, 0).view(np.uint64)
    r = xd - (shifted - EXP2_SHIFT)
    k_bits = k_bits + (np.uint64(1 << (EXP_TABLE_BITS + 11)) * np.asarray(negative, np.uint64))
    scale = (EXP_TABLE[k_bits % np.uint64(EXP_N)] + (k_bits << np.uint64(52 - EXP_TABLE_BITS))).view(np.float64)
    c0, c1, c2 = EXP2_POLY
    return fma(fma(c0, r, c1), r * r, fma(c2, r, 1.0)) * scale


def exp2f(x):
    """glibc's exp2f (FMA build) on a float32 array: the float64 exp2 of x rounded once to float."""
    x = np.asarray(x, np.float32)
    with np.errstate(all="ignore"):
        out = _exp2_inline(x.astype(np.float64)).astype(np.float32)
        out = np.where(x >= 128, f32(np.inf), out)
        out = np.where(x <= -150, f32(0), out)
        return np.where(np.isnan(x), x, out).reshape(x.shape)


# ---- powf: exp2(y log2 x), both in double from tables ---------------------------------------------------------------

POWF_LOG2C = np.array(_hex(
    "-0x1.efec65b963019p-2", "-0x1.b0b6832d4fca4p-2", "-0x1.7418b0a1fb77bp-2", "-0x1.39de91a6dcf7bp-2",
    "-0x1.01d9bf3f2b631p-2", "-0x1.97c1d1b3b7afp-3", "-0x1.2f9e393af3c9fp-3", "-0x1.960cbbf788d5cp-4",
    "-0x1.a6f9db6475fcep-5", "0x0p+0", "0x1.338ca9f24f53dp-4", "0x1.476a9543891bap-3",
    "0x1.e840b4ac4e4d2p-3", "0x1.40645f0c6651cp-2", "0x1.88e9c2c1b9ff8p-2", "0x1.ce0a44eb17bccp-2"))
POWF_POLY = _hex("0x1.27616c9496e0bp-2", "-0x1.71969a075c67ap-2", "0x1.ec70a6ca7baddp-2", "-0x1.7154748bef6c8p-1",
                 "0x1.71547652ab82bp0")
DEFAULT_NAN = np.copysign(f32(np.nan), f32(-1))  # what x86 returns for an invalid operation
POWF_OVERFLOW = float.fromhex("0x1.fffffffd1d571p+6")  # y log2 x above it: |x**y| rounds to infinity


def _log2_inline(ix):
    """log2 of the float with bits ix (int64; subnormals normalised to a negative exponent) in double:
    x = 2**k z with z near a table point c, log1p(z/c - 1) / ln 2 a quintic."""
    tmp = ix - LOG_OFF
    i = (tmp >> (23 - LOG_TABLE_BITS)) % (1 << LOG_TABLE_BITS)
    top = tmp & -0x800000
    z = (ix - top).astype(np.uint32).view(np.float32).astype(np.float64)
    r = fma(z, LOG_INVC[i], -1.0)
    y0 = POWF_LOG2C[i] + (top >> 23).astype(np.float64)
    a0, a1, a2, a3, a4 = POWF_POLY
    r2 = r * r
    q = fma(fma(a2, r, a3), r2, fma(a4, r, y0))
    return fma(fma(a0, r, a1), r2 * r2, q)


def powf(x, y):
    """glibc's powf (FMA build) on float32 arrays: exp2(y log2|x|) in double, rounded once, with C99's edges."""
    x, y = np.broadcast_arrays(np.asarray(x, np.float32), np.asarray(y, np.float32))
    shape, x, y = x.shape, x.reshape(-1), y.reshape(-1)
    with np.errstate(all="ignore"):
        y_int = np.trunc(y) == y
        y_odd = y_int & (np.abs(np.fmod(y, f32(2))) == 1)
        negative = np.signbit(x) & y_odd
        ax = np.abs(x)
        subnormal = (ax > 0) & (ax < f32(np.finfo(np.float32).tiny))
        ix = np.where(subnormal, ax * f32(2.0**23), ax).view(np.uint32).astype(np.int64)
        ix = np.where(subnormal, ix - (23 << 23), ix)
        ylogx = y.astype(np.float64) * _log2_inline(ix)
        out = _exp2_inline(ylogx, negative).astype(np.float32)
        signed_one = np.where(negative, f32(-1), f32(1))
        out = np.where(ylogx > POWF_OVERFLOW, signed_one * f32(np.inf), out)
        out = np.where(ylogx <= -150, signed_one * f32(0), out)
        out = np.where((x < 0) & ~y_int, DEFAULT_NAN, out)  # (x - x) / (x - x), the CPU's default NaN
        x2 = np.where(negative, -(x * x), x * x)  # x zero or infinite
        out = np.where((x == 0) | np.isinf(x), np.where(np.signbit(y), f32(1) / x2, x2), out)
        out = np.where(np.isinf(y), np.where((ax < 1) == (y > 0), f32(0), f32(np.inf)), out)
        out = np.where(np.isnan(x) | np.isnan(y), f32(np.nan), out)
        out = np.where((ax == 1) & np.isinf(y), f32(1), out)
        return np.where((y == 0) | (x == 1), f32(1), out).reshape(shape)


# ---- expm1f, sinhf, coshf: fdlibm's, in float32 ---------------------------------------------------------------------

EXPM1_Q = [f32(c) for c in (-3.3333335072e-02, 1.5873016091e-03, -7.9365076090e-05, 4.0082177293e-06, -2.0109921195e-07)]
INVLN2 = f32(1.4426950216e+00)


def _add_to_exponent(y, k):
    """SET_FLOAT_WORD(y, i + (k << 23)): y * 2**k by adding k to the exponent field."""
    return (y.view(np.int32) + (k.astype(np.int32) << 23)).view(np.float32)


def expm1f(x):
    """glibc's expm1f (fdlibm's s_expm1f.c, plain float arithmetic) on a float32 array: x = k ln 2 + r (hi - lo with
    a correction c), expm1(r) from a rational approximation, then scaled by 2**k in one of five ways."""
    x = np.asarray(x, np.float32)
    one, half = f32(1), f32(0.5)
    with np.errstate(all="ignore"):
        hx = x.view(np.int32) & 0x7fffffff
        negative = np.signbit(x)
        reduced, near = hx > 0x3eb17218, hx < 0x3F851592  # |x| > ln2 / 2, |x| < 1.5 ln2
        k_far = (INVLN2 * x + np.where(negative, -half, half))
        k_far = np.where(np.abs(k_far) < 2**31, k_far, 0).astype(np.int32)  # C's float-to-int: truncation
        k = np.where(reduced, np.where(near, np.where(negative, -1, 1), k_far), 0).astype(np.int32)
        t = k.astype(np.float32)
        hi = np.where(near, np.where(negative, x + LN2_HI, x - LN2_HI), x - t * LN2_HI)
        lo = np.where(near, np.where(negative, -LN2_LO, LN2_LO), t * LN2_LO)
        r = np.where(reduced, hi - lo, x)
        c = np.where(reduced, (hi - r) - lo, f32(0))
        hfx = half * r
        hxs = r * hfx
        poly = EXPM1_Q[4]
        for q in reversed(EXPM1_Q[:4]):
            poly = q + hxs * poly
        r1 = one + hxs * poly
        t = f32(3) - r1 * hfx
        e = hxs * ((r1 - t) / (f32(6) - r * t))
        out = r - (r * e - hxs)  # k == 0
        e = (r * (e - c) - c) - hxs
        out = np.where(k == -1, half * (r - e) - half, out)
        out = np.where(k == 1, np.where(r < f32(-0.25), f32(-2) * (e - (r + half)), one + f32(2) * (r - e)), out)
        small_k = np.clip(k, 0, 22)
        low = (np.int32(0x3f800000) - (np.int32(0x1000000) >> small_k)).view(np.float32)  # 1 - 2**-k
        high = ((np.int32(0x7f) - np.clip(k, 23, 56)) << 23).view(np.float32)  # 2**-k
        scaled = np.where(k < 23, _add_to_exponent(low - (e - r), k), _add_to_exponent((r - (e + high)) + one, k))
        out = np.where((k >= 2) & (k <= 56), scaled, out)
        out = np.where((k <= -2) | (k > 56), _add_to_exponent(one - (e - r), k) - one, out)
        out = np.where(hx < 0x33000000, x, out)  # |x| < 2**-25
        out = np.where((hx >= 0x4195b844) & negative, f32(-1), out)  # x < -27 ln 2
        out = np.where((x > f32(8.8721679688e+01)), f32(np.inf), out)
        return np.where(np.isnan(x), x, out)


def sinhf(x):
    """glibc's sinhf (fdlibm's e_sinhf.c): from expm1f below 22, from expf above, in float32."""
    x = np.asarray(x, np.float32)
    with np.errstate(all="ignore"):
        ix = x.view(np.int32) & 0x7fffffff
        h = np.where(np.signbit(x), f32(-0.5), f32(0.5))
        ax = np.abs(x)
        t = expm1f(ax)
        out = np.where(ix < 0x3f800000, h * (f32(2) * t - t * t / (t + f32(1))), h * (t + t / (t + f32(1))))
        out = np.where(ix < 0x31800000, x, out)
        w = expf(f32(0.5) * ax)
        out = np.where(ix >= 0x41b00000, np.where(ix < 0x42b17180, h * expf(ax), (h * w) * w), out)
        out = np.where(ix > 0x42b2d4fc, x * f32(1.0e37), out)
        return np.where(ix >= 0x7f800000, x + x, out)


def coshf(x):
    """glibc's coshf (fdlibm's e_coshf.c): from expm1f below ln 2 / 2, from expf above, in float32."""
    x = np.asarray(x, np.float32)
    half, one = f32(0.5), f32(1)
    with np.errstate(all="ignore"):
        ix = x.view(np.int32) & 0x7fffffff
        ax = np.abs(x)
        t = expm1f(ax)
        w = one + t
        out = np.where(ix < 0x24000000, one, one + (t * t) / (w + w))
        t = expf(ax)
        out = np.where(ix >= 0x3eb17218, half * t + half / t, out)
        w = expf(half * ax)
        out = np.where(ix >= 0x41b00000, np.where(ix < 0x42b17180, half * t, (half * w) * w), out)
        out = np.where(ix > 0x42b2d4fc, f32(np.inf), out)
        return np.where(ix >= 0x7f800000, x * x, out)


# ---- atanf, atan2f: fdlibm's, in float32 ----------------------------------------------------------------------------

ATAN_HI = np.array([4.6364760399e-01, 7.8539812565e-01, 9.8279368877e-01, 1.5707962513e+00], np.float32)
ATAN_LO = np.array([5.0121582440e-09, 3.7748947079e-08, 3.4473217170e-08, 7.5497894159e-08], np.float32)
ATAN_T = [f32(c) for c in (3.3333334327e-01, -2.0000000298e-01, 1.4285714924e-01, -1.1111110449e-01,
                           9.0908870101e-02, -7.6918758452e-02, 6.6610731184e-02, -5.8335702866e-02,
                           4.9768779427e-02, -3.6531571299e-02, 1.6285819933e-02)]
PI, PI_O_2, PI_O_4, PI_LO = f32(3.1415927410e+00), f32(1.5707963705e+00), f32(7.8539818525e-01), f32(-8.7422776573e-08)


def atanf(x):
    """glibc's atanf (fdlibm's s_atanf.c) on a float32 array: |x| reduced against 0.5, 1, 1.5 or infinity,
    atan(t) = t - t (odd and even polynomials in t**2), plus the table's atan of the reference point."""
    x = np.asarray(x, np.float32)
    one, two = f32(1), f32(2)
    with np.errstate(all="ignore"):
        ix = x.view(np.int32) & 0x7fffffff
        ax = np.abs(x)
        region = np.select([ix < 0x3ee00000, ix < 0x3f300000, ix < 0x3f980000, ix < 0x401c0000], [-1, 0, 1, 2], 3)
        t = np.select([region == 0, region == 1, region == 2, region == 3],
                      [(two * ax - one) / (two + ax), (ax - one) / (ax + one),
                       (ax - f32(1.5)) / (one + f32(1.5) * ax), -one / ax], x)
        z = t * t
        w = z * z
        odd, even = ATAN_T[10], ATAN_T[9]
        for c in (ATAN_T[8], ATAN_T[6], ATAN_T[4], ATAN_T[2], ATAN_T[0]):
            odd = c + w * odd
        for c in (ATAN_T[7], ATAN_T[5], ATAN_T[3], ATAN_T[1]):
            even = c + w * even
        series = z * odd + w * even
        i = np.maximum(region, 0)
        reduced = ATAN_HI[i] - ((t * series - ATAN_LO[i]) - t)
        out = np.where(region < 0, x - x * series, np.where(np.signbit(x), -reduced, reduced))
        out = np.where(ix < 0x31000000, x, out)
        huge = np.where(np.signbit(x), -(ATAN_HI[3] + ATAN_LO[3]), ATAN_HI[3] + ATAN_LO[3])
        out = np.where(ix >= 0x4c000000, huge, out)
        return np.where(np.isnan(x), x + x, out)


def atan2f(y, x):
    """glibc's atan2f (fdlibm's e_atan2f.c) on float32 arrays: atanf(|y / x|) placed in the quadrant of (x, y),
    with C99's zeros and infinities."""
    y, x = np.broadcast_arrays(np.asarray(y, np.float32), np.asarray(x, np.float32))
    shape, y, x = x.shape, y.reshape(-1), x.reshape(-1)
    with np.errstate(all="ignore"):
        ix, iy = x.view(np.int32) & 0x7fffffff, y.view(np.int32) & 0x7fffffff
        negative_x, negative_y = np.signbit(x), np.signbit(y)
        k = (iy - ix) >> 23
        z = atanf(np.abs(y / x))
        z = np.where(k > 60, PI_O_2 + f32(0.5) * PI_LO, np.where(negative_x & (k < -60), f32(0), z))
        out = np.where(negative_x, np.where(negative_y, (z - PI_LO) - PI, PI - (z - PI_LO)),
                       np.where(negative_y, -z, z))
        signed = np.where(negative_y, f32(-1), f32(1))
        out = np.where(iy == 0x7f800000, signed * PI_O_2, out)
        both_infinite = np.where(negative_x, f32(3) * PI_O_4, PI_O_4)
        out = np.where(ix == 0x7f800000, signed * np.where(iy == 0x7f800000, both_infinite,
                                                            np.where(negative_x, PI, f32(0))), out)
        out = np.where(ix == 0, signed * PI_O_2, out)
        out = np.where(iy == 0, np.where(negative_x, signed * PI, y), out)
        out = np.where(x == 1, atanf(y), out)
        return np.where(np.isnan(x) | np.isnan(y), x + y, out).reshape(shape)


def atanhf(x):
    """glibc's atanhf (e_atanhf.c): 0.5 log1pf(2|x| + 2|x|**2 / (1 - |x|)) below 0.5, 0.5 log1pf(2|x| / (1 - |x|))
    above, in float32, with the sign of x."""
    x = np.asarray(x, np.float32)
    with np.errstate(all="ignore"):
        xa = np.abs(x)
        t = xa + xa
        t = f32(0.5) * log1pf(np.where(xa < f32(0.5), t + t * xa / (f32(1) - xa), t / (f32(1) - xa)))
        out = np.where(xa < f32(2.0**-28), x, np.copysign(t, x))
        out = np.where(xa == 1, x / f32(0), out)
        return np.where(xa > 1, DEFAULT_NAN, out)


# ---- sinf: Szabolcs Nagy's, in double: x reduced by multiples of pi/2, then a sine or cosine polynomial -----------

SIN_POLY = _hex("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7", "-0x1.994eb3774cf24p-13")  # s1, s2, s3
COS_POLY = _hex("-0x1.ffffffd0c621cp-2", "0x1.55553e1068f19p-5", "-0x1.6c087e89a359dp-10",
                "0x1.99343027bf8c3p-16")  # c1 .. c4 (c0 = 1); the second table negates c0 .. c4
HPI_INV, HPI = float.fromhex("0x1.45F306DC9C883p+23"), float.fromhex("0x1.921FB54442D18p0")
PI63 = float.fromhex("0x1.921FB54442D18p-62")
PIO4 = f32(float.fromhex("0x1.921FB6p-1"))
INV_PIO4 = np.array([0xa2, 0xa2f9, 0xa2f983, 0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529,
                     0x441529fc, 0x1529fc27, 0x29fc2757, 0xfc2757d1, 0x2757d1f5, 0x57d1f534, 0xd1f534dd,
                     0xf534ddc0, 0x34ddc0db, 0xddc0db62, 0xc0db6295, 0xdb629599, 0x6295993c, 0x95993c43,
                     0x993c4390, 0x3c439041], np.uint64)


def _abstop12(x):
    return (x.view(np.uint32) >> 20) & 0x7ff


def _sinf_poly(x, x2, n, negated):
    """sinf_poly (FMA build): the sine polynomial for even quadrants n, the cosine one (negated where ``negated``)
    for odd ones."""
    s1, s2, s3 = SIN_POLY
    sine = fma(x * x2 * x2, fma(x2, s3, s2), fma(x * x2, s1, x))
    sign = np.where(negated, -1.0, 1.0)
    c1, c2, c3, c4 = (sign * c for c in COS_POLY)
    x4 = x2 * x2
    cosine = fma(x4 * x2, fma(x2, c4, c3), fma(x4, c2, fma(x2, c1, sign)))
    return np.where((n & 1) == 0, sine, cosine)


def _reduce_large(xi):
    """reduce_large: x mod pi/2 for |x| >= 120 by 4/pi to 192 bits in integer arithmetic; the remainder and n."""
    xi = xi.astype(np.uint64)
    arr = ((xi >> np.uint64(26)) & np.uint64(15)).astype(np.int64)
    shift = (xi >> np.uint64(23)) & np.uint64(7)
    m = ((xi & np.uint64(0xffffff)) | np.uint64(0x800000)) << shift
    low32 = np.uint64(0xffffffff)
    res0 = (m * INV_PIO4[arr]) & low32  # a 32-bit product in C
    res1 = m * INV_PIO4[arr + 4]
    res2 = m * INV_PIO4[arr + 8]
    res0 = ((res2 >> np.uint64(32)) | (res0 << np.uint64(32))) + res1
    n = (res0 + np.uint64(1 << 61)) >> np.uint64(62)
    res0 = res0 - (n << np.uint64(62))
    return res0.view(np.int64).astype(np.float64) * PI63, n.astype(np.int64)


def sinf(y):
    """glibc's sinf (FMA build) on a float32 array, rounded once from double."""
    y = np.asarray(y, np.float32)
    with np.errstate(all="ignore"):
        x = y.astype(np.float64)
        top = _abstop12(y)
        n = ((x * HPI_INV).astype(np.int32) + 0x800000) >> 24  # reduce_fast: the quadrant in bits 24..31
        r = fma(-n.astype(np.float64), HPI, x)
        large = top >= _abstop12(np.float32(120.0))
        if large.any():
            r_large, n_large = _reduce_large(np.where(large, y.view(np.uint32), 0))
            r, n = np.where(large, r_large, r), np.where(large, n_large, n)
            quadrant = np.where(large, n + (y.view(np.uint32) >> 31), n)
        else:
            quadrant = n
        sign = np.where((quadrant + 1) & 2, -1.0, 1.0)  # p->sign[quadrant & 3]: 1, -1, -1, 1
        out = _sinf_poly(r * sign, r * r, n, quadrant & 2 != 0)
        out = np.where(top < _abstop12(PIO4), _sinf_poly(x, x * x, 0, False), out).astype(np.float32)
        out = np.where(top < _abstop12(np.float32(2.0**-12)), y, out)
        return np.where(np.isfinite(y), out, y - y)  # __math_invalidf: NaN
