"""SLEEF's single-precision log, log1p and expm1 (the u10 variants) as torch's AVX2 build calls them.

torch's Vectorized<float> sends log1p and expm1 to Sleef_log1pf8_u10 and Sleef_expm1f8_u10 for the whole
array (its vec::map pads the last partial vector, so there is no scalar tail), and log_softmax takes the log
of its row sums with Sleef_logf8_u10.  SLEEF's algorithms (Boost licence, github.com/shibatch/sleef,
src/libm/sleefsimdsp.c) are reimplemented here with NumPy float32 array arithmetic, operation by operation;
the AVX2 build fuses every multiply-add SLEEF writes as one (``vmla``, ``vfma``), emulated exactly with
``kernels.fma``.

Numbers that carry more precision than a float are SLEEF's "double-float" pairs: a tuple (high, low) of
float32 arrays whose sum is the value.
"""

import numpy as np

from .kernels import fma, pow2

f32 = np.float32
FLT_MIN = f32(1.17549435e-38)
TWO_TO_64 = f32(2.0**64)
LN2 = (f32(0.69314718246459960938), f32(-1.904654323148236017e-09))  # ln 2 as a pair
LN2_HIGH, LN2_LOW = f32(0.693145751953125), f32(1.428606765330187045e-06)  # SLEEF's L2Uf, L2Lf
LOG1P_BOUND = f32(1.0e38)  # above it log1p(d) is log(d)


# ---- double-float arithmetic (SLEEF's df.h, the FMA variants) ----------------------------------------------

def _add_exact(x, y):
    """dfadd2_vf2_vf_vf: x + y as a pair, exact whatever the magnitudes (Knuth's TwoSum)."""
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _add_pair_float(x, y):
    """dfadd2_vf2_vf2_vf: pair + float."""
    s, t = _add_exact(x[0], y)
    return s, t + x[1]


def _add_pairs(x, y):
    """dfadd2_vf2_vf2_vf2: pair + pair."""
    s, t = _add_exact(x[0], y[0])
    return s, t + (x[1] + y[1])


def _add_pairs_ordered(x, y):
    """dfadd_vf2_vf2_vf2: pair + pair when |x| >= |y| (Fast2Sum)."""
    s = x[0] + y[0]
    return s, (((x[0] - s) + y[0]) + x[1]) + y[1]


def _add_pair_float_ordered(x, y):
    """dfadd_vf2_vf2_vf: pair + float when |x| >= |y|."""
    s = x[0] + y
    return s, ((x[0] - s) + y) + x[1]


def _add_float_pair_ordered(x, y):
    """dfadd_vf2_vf_vf2: float + pair when |x| >= |y|."""
    s = x + y[0]
    return s, ((x - s) + y[0]) + y[1]


def _add_floats_ordered(x, y):
    """dfadd_vf2_vf_vf: float + float when |x| >= |y|."""
    s = x + y
    return s, (x - s) + y


def _mul_floats(x, y):
    """dfmul_vf2_vf_vf: the exact product of two floats as a pair."""
    s = x * y
    return s, fma(x, y, -s)


def _mul_pair_float(x, y):
    """dfmul_vf2_vf2_vf."""
    s = x[0] * y
    return s, fma(x[1], y, fma(x[0], y, -s))


def _mul_pairs(x, y):
    """dfmul_vf2_vf2_vf2."""
    s = x[0] * y[0]
    return s, fma(x[0], y[1], fma(x[1], y[0], fma(x[0], y[0], -s)))


def _square_pair(x):
    """dfsqu_vf2_vf2."""
    s = x[0] * x[0]
    return s, fma(x[0] + x[0], x[1], fma(x[0], x[0], -s))


def _divide_pairs(n, d):
    """dfdiv_vf2_vf2_vf2: n / d by a reciprocal and two FMA corrections."""
    t = f32(1) / d[0]
    s = n[0] * t
    u = fma(t, n[0], -s)
    v = fma(-d[1], t, fma(-d[0], t, f32(1)))
    return s, fma(s, v, fma(n[1], t, u))


# ---- the functions --------------------------------------------------------------------------------------------

def _lanes(function):
    """Apply a lane function to a float32 array of any shape (the lane code works on flat arrays)."""
    def apply(d):
        d = np.asarray(d, np.float32)
        return function(d.reshape(-1)).reshape(d.shape)
    apply.__doc__ = function.__doc__
    return apply


def _exponent(d):
    """vilogb2k_vi2_vf: the unbiased exponent field of positive normal floats."""
    return ((d.view(np.int32) >> 23) & 0xFF) - 0x7F


def _scale_by_power_of_two(d, e):
    """vldexp3_vf_vf_vi2: d * 2**e by adding e to the exponent field (no range checks)."""
    return (d.view(np.int32) + (e << 23)).view(np.float32)


def _logf_core(m, e):
    """log(m * 2**e) from m in [0.75, 1.5): 2 atanh(x) with x = (m - 1) / (m + 1), as a pair-precise sum."""
    s = _mul_pair_float(LN2, e.astype(np.float32))
    x = _divide_pairs(_add_exact(f32(-1), m), _add_exact(f32(1), m))
    return _log_tail(s, x)


def _log_tail(s, x):
    """The part logf_u1 and log1pf share: s + 2x + x**3 * (a polynomial in x**2), then the pair summed."""
    x2 = x[0] * x[0]
    t = f32(0.3027294874)
    t = fma(t, x2, f32(0.3996108174))
    t = fma(t, x2, f32(0.6666694880))
    s = _add_pairs_ordered(s, (x[0] * f32(2), x[1] * f32(2)))
    s = _add_pair_float_ordered(s, (x2 * x[0]) * t)
    return s[0] + s[1]


@_lanes
def logf_u10(d):
    """Sleef_logf8_u10 (xlogf_u1) on a float32 array."""
    with np.errstate(all="ignore"):
        tiny = d < FLT_MIN
        d = np.where(tiny, d * TWO_TO_64, d)
        e = _exponent(d * f32(1.0 / 0.75))
        m = _scale_by_power_of_two(d, -e)
        r = _logf_core(m, np.where(tiny, e - 64, e))
        r = np.where(d == np.inf, f32(np.inf), r)
        r = np.where((d < 0) | np.isnan(d), f32(np.nan), r)
        return np.where(d == 0, f32(-np.inf), r)


@_lanes
def log1pf_u10(d):
    """Sleef_log1pf8_u10 (xlog1pf) on a float32 array: the reduction scales 1 + d without rounding it."""
    with np.errstate(all="ignore"):
        dp1 = d + f32(1)
        tiny = dp1 < FLT_MIN
        dp1 = np.where(tiny, dp1 * TWO_TO_64, dp1)
        e = _exponent(dp1 * f32(1.0 / 0.75))
        t = _scale_by_power_of_two(np.ones_like(d), -e)
        m = fma(d, t, t - f32(1))
        s = _mul_pair_float(LN2, np.where(tiny, e - 64, e).astype(np.float32))
        x = _divide_pairs((m, np.zeros_like(m)), _add_floats_ordered(f32(2), m))
        r = _log_tail(s, x)
        large = d > LOG1P_BOUND
        if large.any():
            r = np.where(large, logf_u10(d), r)
        r = np.where(d < -1, f32(np.nan), r)
        r = np.where(d == -1, f32(-np.inf), r)
        return np.where((d == 0) & np.signbit(d), f32(-0.0), r)


def _expk2f(d):
    """expk2f: exp of a pair, as a pair (the core of expm1)."""
    q = np.rint((d[0] + d[1]) * f32(1.442695040888963407359924681001892137426645954152985934135449406931))
    q = np.where(np.isfinite(q), q, 0).astype(np.int32)
    qf = q.astype(np.float32)
    s = _add_pair_float(d, qf * -LN2_HIGH)
    s = _add_pair_float(s, qf * -LN2_LOW)
    u = np.full_like(s[0], f32(0.1980960224e-3))
    for c in (0.1394256484e-2, 0.8333456703e-2, 0.4166637361e-1):
        u = fma(u, s[0], f32(c))
    t = _add_pair_float(_mul_pair_float(s, u), f32(0.166666659414234244790680580464))
    t = _add_pair_float(_mul_pairs(s, t), f32(0.5))
    t = _add_pairs(s, _mul_pairs(_square_pair(s), t))
    t = _add_float_pair_ordered(f32(1), t)
    half = q >> 1
    scale_a, scale_b = pow2(half), pow2(q - half)  # vldexp2: two factors, each a normal float
    underflow = d[0] < -104
    return tuple(np.where(underflow, f32(0), part * scale_a * scale_b) for part in t)


@_lanes
def expm1f_u10(a):
    """Sleef_expm1f8_u10 (xexpm1f) on a float32 array."""
    with np.errstate(all="ignore"):
        d = _add_pair_float(_expk2f((a, np.zeros_like(a))), f32(-1))
        x = d[0] + d[1]
        x = np.where(a > f32(88.72283172607421875), f32(np.inf), x)
        x = np.where(a < f32(-16.635532333438687426013570), f32(-1), x)
        return np.where((a == 0) & np.signbit(a), f32(-0.0), x)
