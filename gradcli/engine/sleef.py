"""SLEEF's exp, log, log1p and expm1 (the u10 variants) as torch's AVX2 build calls them.

torch's Vectorized<float> and Vectorized<double> send log1p and expm1 to Sleef_log1pf8_u10/Sleef_expm1f8_u10
and Sleef_log1pd4_u10/Sleef_expm1d4_u10 for the whole array (its vec::map pads the last partial vector, so
there is no scalar tail); log_softmax takes the log of its sums with Sleef_logf8_u10/Sleef_logd4_u10, and
float64 softmax its exps with Sleef_expd4_u10 (float32's Sleef_expf8_u10 is ``kernels.sleef_expf``).
SLEEF's algorithms (Boost licence, github.com/shibatch/sleef, src/libm/sleefsimdsp.c and sleefsimddp.c) are
reimplemented here with NumPy array arithmetic, operation by operation; the AVX2 build fuses every
multiply-add SLEEF writes as one (``vmla``, ``vfma``), emulated exactly with ``kernels.fma``.

Numbers that carry more precision than the dtype are SLEEF's "double-float" (float32) and "double-double"
(float64) pairs: a tuple (high, low) of arrays whose sum is the value; the pair arithmetic below serves both.
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
    t = 1 / d[0]
    s = n[0] * t
    u = fma(t, n[0], -s)
    v = fma(-d[1], t, fma(-d[0], t, 1.0))
    return s, fma(s, v, fma(n[1], t, u))


# ---- the functions --------------------------------------------------------------------------------------------

def _lanes_of(dtype):
    """Apply a lane function to an array of ``dtype`` of any shape (the lane code works on flat arrays)."""
    def decorate(function):
        def apply(d):
            d = np.asarray(d, dtype)
            return function(d.reshape(-1)).reshape(d.shape)
        apply.__doc__ = function.__doc__
        return apply
    return decorate


_lanes, _lanes64 = _lanes_of(np.float32), _lanes_of(np.float64)


class _Format:
    """What SLEEF's float (``vf``) and double (``vd``) code differ in: the bit layout."""

    def __init__(self, dtype, integer, mantissa_bits, bias):
        self.dtype, self.integer, self.mantissa_bits, self.bias = dtype, integer, mantissa_bits, bias

    def exponent(self, d):
        """vilogb2k: the unbiased exponent field of positive normal numbers."""
        return ((d.view(self.integer) >> self.mantissa_bits) & (2 * self.bias + 1)) - self.bias

    def scale(self, d, e):
        """vldexp3: d * 2**e by adding e to the exponent field (no range checks)."""
        return (d.view(self.integer) + (e.astype(self.integer) << self.mantissa_bits)).view(self.dtype)


FLOAT, DOUBLE = _Format(np.float32, np.int32, 23, 0x7F), _Format(np.float64, np.int64, 52, 0x3FF)


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
        e = FLOAT.exponent(d * f32(1.0 / 0.75))
        m = FLOAT.scale(d, -e)
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
        e = FLOAT.exponent(dp1 * f32(1.0 / 0.75))
        t = FLOAT.scale(np.ones_like(d), -e)
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


# ---- float64: SLEEF's double versions (sleefsimddp.c), the same double-double arithmetic on float64 -----------

LN2_DOUBLE = (0.693147180559945286226764, 2.319046813846299558417771e-17)
LN2_HIGH_DOUBLE, LN2_LOW_DOUBLE = .69314718055966295651160180568695068359375, .28235290563031577122588448175013436025525412068e-12


def _mla_polynomial(x, x2, x4, coefficients):
    """SLEEF's POLY7 and POLY8 (estrin.h): Estrin's scheme of FMAs, highest coefficient first."""
    def poly2(c1, c0):
        return fma(x, c1, c0)

    def poly4(c3, c2, c1, c0):
        return fma(x2, poly2(c3, c2), poly2(c1, c0))
    if len(coefficients) == 7:
        c6, c5, c4, c3, c2, c1, c0 = coefficients
        return fma(x4, fma(x2, c6, poly2(c5, c4)), poly4(c3, c2, c1, c0))
    return fma(x4, poly4(*coefficients[:4]), poly4(*coefficients[4:]))


EXPD_POLY = (0.2081276378237164457e-8, 0.2511210703042288022e-7, 0.2755762628169491192e-6, 0.2755723402025388239e-5,
             0.2480158687479686264e-4, 0.1984126989855865850e-3, 0.1388888888914497797e-2, 0.8333333333314938210e-2,
             0.4166666666666602598e-1, 0.1666666666666669072e+0)


@_lanes64
def expd_u10(d):
    """Sleef_expd4_u10 (xexp) on a float64 array: q = rint(d / ln 2), a two-step Cody-Waite reduction, a
    degree-10 polynomial by Estrin's scheme, then 2**q in two halves."""
    with np.errstate(over="ignore", invalid="ignore"):
        q = np.rint(d * 1.442695040888963407359924681001892137426645954152985934135449406931)
        s = fma(q, -LN2_HIGH_DOUBLE, d)
        s = fma(q, -LN2_LOW_DOUBLE, s)
        s2 = s * s
        s4 = s2 * s2
        u = fma(s4 * s4, fma(s, EXPD_POLY[0], EXPD_POLY[1]), _mla_polynomial(s, s2, s4, EXPD_POLY[2:]))
        for c in (0.5, 1.0, 1.0):
            u = fma(u, s, c)
        q = np.where(np.isfinite(q), q, 0).astype(np.int64)
        u = u * pow2(q >> 1, np.float64) * pow2(q - (q >> 1), np.float64)
        u = np.where(d > 709.78271114955742909217217426, np.inf, u)
        return np.where(np.isnan(d), d, np.where(d < -1000, 0.0, u))


def _log_tail_double(s, x):
    """The part xlog_u1 and xlog1p share: s + 2x + x**3 * (a polynomial in x**2), then the pair summed."""
    x2 = x[0] * x[0]
    x4 = x2 * x2
    t = _mla_polynomial(x2, x4, x4 * x4, (0.1532076988502701353e+0, 0.1525629051003428716e+0,
                                          0.1818605932937785996e+0, 0.2222214519839380009e+0,
                                          0.2857142932794299317e+0, 0.3999999999635251990e+0,
                                          0.6666666666667333541e+0))
    s = _add_pairs_ordered(s, (x[0] * 2, x[1] * 2))
    s = _add_pair_float_ordered(s, (x2 * x[0]) * t)
    return s[0] + s[1]


@_lanes64
def log_u10(d):
    """Sleef_logd4_u10 (xlog_u1) on a float64 array: d = 2**e m with m in [0.75, 1.5), then
    e ln 2 + 2 atanh((m - 1) / (m + 1)) in double-double."""
    with np.errstate(all="ignore"):
        tiny = d < np.finfo(np.float64).tiny
        d = np.where(tiny, d * 2.0**64, d)
        e = DOUBLE.exponent(d * (1 / 0.75))
        m = DOUBLE.scale(d, -e)
        s = _mul_pair_float(LN2_DOUBLE, np.where(tiny, e - 64, e).astype(np.float64))
        r = _log_tail_double(s, _divide_pairs(_add_exact(-1.0, m), _add_exact(1.0, m)))
        r = np.where(d == np.inf, np.inf, r)
        r = np.where((d < 0) | np.isnan(d), np.nan, r)
        return np.where(d == 0, -np.inf, r)


@_lanes64
def log1p_u10(d):
    """Sleef_log1pd4_u10 (xlog1p) on a float64 array."""
    with np.errstate(all="ignore"):
        dp1 = d + 1
        tiny = dp1 < np.finfo(np.float64).tiny
        dp1 = np.where(tiny, dp1 * 2.0**64, dp1)
        e = DOUBLE.exponent(dp1 * (1 / 0.75))
        t = DOUBLE.scale(np.ones_like(d), -e)
        m = fma(d, t, t - 1)
        s = _mul_pair_float(LN2_DOUBLE, np.where(tiny, e - 64, e).astype(np.float64))
        r = _log_tail_double(s, _divide_pairs((m, np.zeros_like(m)), _add_floats_ordered(2.0, m)))
        large = d > 1e307  # SLEEF switches to its log there
        if large.any():
            r = np.where(large, log_u10(d), r)
        r = np.where((d < -1) | np.isnan(d), np.nan, r)
        r = np.where(d == -1, -np.inf, r)
        return np.where((d == 0) & np.signbit(d), -0.0, r)


def _expk2(d):
    """expk2: exp of a double-double, as a double-double (the core of expm1)."""
    dq = np.rint((d[0] + d[1]) * 1.442695040888963407359924681001892137426645954152985934135449406931)
    q = np.where(np.isfinite(dq), dq, 0).astype(np.int64)
    s = _add_pair_float(d, dq * -LN2_HIGH_DOUBLE)
    s = _add_pair_float(s, dq * -LN2_LOW_DOUBLE)
    s2 = _square_pair(s)
    s4 = _square_pair(s2)
    u = fma(s4[0] * s4[0], fma(s[0], +0.1602472219709932072e-9, +0.2092255183563157007e-8),
            _mla_polynomial(s[0], s2[0], s4[0], (+0.2505230023782644465e-7, +0.2755724800902135303e-6,
                                                 +0.2755731892386044373e-5, +0.2480158735605815065e-4,
                                                 +0.1984126984148071858e-3, +0.1388888888886763255e-2,
                                                 +0.8333333333333347095e-2, +0.4166666666666669905e-1)))
    t = _add_float_pair_ordered(0.5, _mul_pair_float(s, +0.1666666666666666574e+0))
    t = _add_float_pair_ordered(1.0, _mul_pairs(t, s))
    t = _add_float_pair_ordered(1.0, _mul_pairs(t, s))
    t = _add_pairs_ordered(t, _mul_pair_float(s4, u))
    half = q >> 1
    scale_a, scale_b = pow2(half, np.float64), pow2(q - half, np.float64)  # vldexp2
    underflow = d[0] < -1000
    return tuple(np.where(underflow, 0.0, part * scale_a * scale_b) for part in t)


@_lanes64
def expm1_u10(a):
    """Sleef_expm1d4_u10 (xexpm1) on a float64 array."""
    with np.errstate(all="ignore"):
        d = _add_pair_float(_expk2((a, np.zeros_like(a))), -1.0)
        x = d[0] + d[1]
        x = np.where(a > 709.782712893383996732223, np.inf, x)
        x = np.where(a < -36.736800569677101399113302437, -1.0, x)
        return np.where((a == 0) & np.signbit(a), -0.0, x)


# ---- powf: exp(y log|x|) with both steps in double-float (xpowf, the u10 variant) ----------------------------

def _logkf(d):
    """logkf: log of a positive float32 as a pair, 2 atanh((m - 1) / (m + 1)) + e ln 2."""
    tiny = d < FLT_MIN
    d = np.where(tiny, d * TWO_TO_64, d)
    e = FLOAT.exponent(d * f32(1.0 / 0.75))
    m = FLOAT.scale(d, -e)
    e = np.where(tiny, e - 64, e)
    x = _divide_pairs(_add_exact(f32(-1), m), _add_exact(f32(1), m))
    x2 = _square_pair(x)
    t = fma(np.full_like(d, f32(0.240320354700088500976562)), x2[0], f32(0.285112679004669189453125))
    t = fma(t, x2[0], f32(0.400007992982864379882812))
    c = (f32(0.66666662693023681640625), f32(3.69183861259614332084311e-09))
    s = _mul_pair_float(LN2, e.astype(np.float32))
    s = _add_pairs_ordered(s, (x[0] * f32(2), x[1] * f32(2)))
    return _add_pairs_ordered(s, _mul_pairs(_mul_pairs(x2, x), _add_pairs(_mul_pair_float(x2, t), c)))


def _ldexp2(x, q, dtype):
    """vldexp2: x * 2**q as two factors 2**(q >> 1) and 2**(q - (q >> 1)), each a normal number."""
    half = q >> 1
    return x * pow2(half, dtype) * pow2(q - half, dtype)


def _ldexpf(x, q):
    """vldexp_vf_vf_vi2: x * 2**q for any int32 q, by four equal factors and a remainder."""
    m = q >> 31
    m = (((m + q) >> 6) - m) << 4
    q = q - (m << 2)
    m = np.clip(m + 0x7F, 0, 0xFF).astype(np.int32)
    u = (m << 23).view(np.float32)
    x = x * u * u * u * u
    return x * ((q + 0x7F) << 23).astype(np.int32).view(np.float32)


def _expkf(d):
    """expkf: exp of a pair, as a float32."""
    u = (d[0] + d[1]) * f32(1.442695040888963407359924681001892137426645954152985934135449406931)
    q = np.where(np.abs(u) < f32(2.0**31), np.rint(u), f32(-2.0**31)).astype(np.int32)  # cvtps2dq
    qf = q.astype(np.float32)
    s = _add_pair_float(d, qf * -LN2_HIGH)
    s = _add_pair_float(s, qf * -LN2_LOW)
    s = _add_floats_ordered(s[0], s[1])  # dfnormalize
    u = np.full_like(s[0], f32(0.00136324646882712841033936))
    for coefficient in (0.00836596917361021041870117, 0.0416710823774337768554688, 0.166665524244308471679688,
                        0.499999850988388061523438):
        u = fma(u, s[0], f32(coefficient))
    t = _add_pairs_ordered(s, _mul_pair_float(_square_pair(s), u))
    t = _add_float_pair_ordered(f32(1), t)
    u = _ldexpf(t[0] + t[1], q)
    return np.where(d[0] < -104, f32(0), u)


def _pow_edges(x, y, result):
    """The part xpowf and xpow share: the sign for negative x, then the special cases of y or x infinite or
    zero, NaN, y = 0 and x = 1, in SLEEF's order."""
    one = x.dtype.type(1)
    y_is_int = np.trunc(y) == y
    y_is_odd = y_is_int & (np.abs(np.fmod(y, 2)) == 1)
    result = result * np.where(x > 0, one, np.where(y_is_int, np.where(y_is_odd, -one, one), np.nan))
    efx = np.where(np.signbit(y), one - np.abs(x), np.abs(x) - one)  # vmulsign: |x| - 1 times y's sign
    result = np.where(np.isinf(y), np.where(efx < 0, 0, np.where(efx == 0, one, np.inf)), result)
    edge = np.where(np.signbit(y) != (x == 0), 0, np.inf).astype(x.dtype)
    result = np.where(np.isinf(x) | (x == 0), np.copysign(edge, np.where(y_is_odd, x, one)), result)
    result = np.where(np.isnan(x) | np.isnan(y), np.nan, result)
    return np.where((y == 0) | (x == 1), one, result).astype(x.dtype, copy=False)


def powf_u10(x, y):
    """Sleef_powf8_u10 (xpowf) on float32 arrays x and y (broadcast together)."""
    x, y = np.broadcast_arrays(np.asarray(x, np.float32), np.asarray(y, np.float32))
    shape, x, y = x.shape, x.reshape(-1), y.reshape(-1)
    with np.errstate(all="ignore"):
        result = _expkf(_mul_pair_float(_logkf(np.abs(x)), y))
        result = np.where(np.isnan(result), f32(np.inf), result)
        return _pow_edges(x, y, result).reshape(shape)


def _logk(d):
    """logk: log of a positive float64 as a double-double, 2 atanh((m - 1) / (m + 1)) + e ln 2."""
    tiny = d < np.finfo(np.float64).tiny
    d = np.where(tiny, d * 2.0**64, d)
    e = DOUBLE.exponent(d * (1 / 0.75))
    m = DOUBLE.scale(d, -e)
    e = np.where(tiny, e - 64, e)
    x = _divide_pairs(_add_exact(-1.0, m), _add_exact(1.0, m))
    x2 = _square_pair(x)
    x4 = x2[0] * x2[0]
    x8 = x4 * x4
    t = fma(x8 * x8, 0.116255524079935043668677,
            _mla_polynomial(x2[0], x4, x8, (0.103239680901072952701192, 0.117754809412463995466069,
                                            0.13332981086846273921509, 0.153846227114512262845736,
                                            0.181818180850050775676507, 0.222222222230083560345903,
                                            0.285714285714249172087875, 0.400000000000000077715612)))
    s = _mul_pair_float(LN2_DOUBLE, e.astype(np.float64))
    s = _add_pairs_ordered(s, (x[0] * 2, x[1] * 2))
    x = _mul_pairs(x2, x)
    s = _add_pairs_ordered(s, _mul_pairs(x, (0.666666666666666629659233, 3.80554962542412056336616e-17)))
    x = _mul_pairs(x2, x)
    return _add_pairs_ordered(s, _mul_pair_float(x, t))


def _expk(d):
    """expk: exp of a double-double, as a float64."""
    dq = np.rint((d[0] + d[1]) * 1.442695040888963407359924681001892137426645954152985934135449406931)
    s = _add_pair_float(d, dq * -LN2_HIGH_DOUBLE)
    s = _add_pair_float(s, dq * -LN2_LOW_DOUBLE)
    s = _add_floats_ordered(s[0], s[1])  # ddnormalize
    s2 = s[0] * s[0]
    s4 = s2 * s2
    u = fma(s4 * s4, fma(s[0], 2.51069683420950419527139e-08, 2.76286166770270649116855e-07),
            _mla_polynomial(s[0], s2, s4, (2.75572496725023574143864e-06, 2.48014973989819794114153e-05,
                                           0.000198412698809069797676111, 0.0013888888939977128960529,
                                           0.00833333333332371417601081, 0.0416666666665409524128449,
                                           0.166666666666666740681535, 0.500000000000000999200722)))
    t = _add_float_pair_ordered(1.0, s)
    t = _add_pairs_ordered(t, _mul_pair_float(_square_pair(s), u))
    q = np.where(np.isfinite(dq), dq, 0).astype(np.int64)
    return np.where(d[0] < -1000, 0.0, _ldexp2(t[0] + t[1], q, np.float64))


def pow_u10(x, y):
    """Sleef_powd4_u10 (xpow) on float64 arrays x and y (broadcast together)."""
    x, y = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(y, np.float64))
    shape, x, y = x.shape, x.reshape(-1), y.reshape(-1)
    with np.errstate(all="ignore"):
        d = _mul_pair_float(_logk(np.abs(x)), y)
        result = np.where(d[0] > 709.78271289338399673222338991, np.inf, _expk(d))
        return _pow_edges(x, y, result).reshape(shape)


# ---- exp2: 2**d = 2**q * 2**s with q = rint(d), s = d - q exact, 2**s a polynomial ------------------------------

@_lanes
def exp2f_u10(d):
    """Sleef_exp2f8_u10 (xexp2f) on a float32 array."""
    with np.errstate(all="ignore"):
        q = np.rint(d)
        s = d - q
        u = np.full_like(d, f32(0.1535920892e-3))
        for c in (0.1339262701e-2, 0.9618384764e-2, 0.5550347269e-1, 0.2402264476e+0, 0.6931471825e+0, 1.0):
            u = fma(u, s, f32(c))
        u = _ldexp2(u, np.where(np.isfinite(q), q, 0).astype(np.int32), np.float32)
        u = np.where(d >= 128, f32(np.inf), u)
        return np.where(d < -150, f32(0), u)


@_lanes64
def exp2_u10(d):
    """Sleef_exp2d4_u10 (xexp2) on a float64 array: a degree-12 polynomial in s, the top ten by Estrin's scheme."""
    with np.errstate(all="ignore"):
        q = np.rint(d)
        s = d - q
        s2 = s * s
        s4 = s2 * s2
        u = fma(s4 * s4, fma(s, +0.4434359082926529454e-9, +0.7073164598085707425e-8),
                _mla_polynomial(s, s2, s4, (+0.1017819260921760451e-6, +0.1321543872511327615e-5,
                                            +0.1525273353517584730e-4, +0.1540353045101147808e-3,
                                            +0.1333355814670499073e-2, +0.9618129107597600536e-2,
                                            +0.5550410866482046596e-1, +0.2402265069591012214e+0)))
        u = fma(fma(u, s, +0.6931471805599452862e+0), s, 1.0)
        u = _ldexp2(u, np.where(np.isfinite(q), q, 0).astype(np.int64), np.float64)
        u = np.where(d >= 1024, np.inf, u)
        return np.where(d < -2000, 0.0, u)


# ---- sinh and cosh: (e**|x| -+ e**-|x|) / 2 with e**|x| a pair from expk2 ------------------------------------------

def _reciprocal_pair(d):
    """dfrec_vf2_vf2 / ddrec_vd2_vd2: 1 / d as a pair, by one FMA-corrected reciprocal."""
    s = 1 / d[0]
    return s, s * fma(-d[1], s, fma(-d[0], s, d[0].dtype.type(1)))


def _sub_pairs_ordered(x, y):
    """dfsub_vf2_vf2_vf2: pair - pair when |x| >= |y|."""
    s = x[0] - y[0]
    return s, (((x[0] - s) - y[0]) + x[1]) - y[1]


def _hyperbolic(expk2, limit, odd):
    """xsinhf/xcoshf (float32) and xsinh/xcosh (float64): the sum or difference of the pair e**|x| and its
    reciprocal, halved; infinite beyond ``limit``, the sign of x for sinh."""
    def lanes(x):
        with np.errstate(all="ignore"):
            d = expk2((np.abs(x), np.zeros_like(x)))
            d = (_sub_pairs_ordered if odd else _add_pairs_ordered)(d, _reciprocal_pair(d))
            y = (d[0] + d[1]) * x.dtype.type(0.5)
            y = np.where((np.abs(x) > limit) | np.isnan(y), x.dtype.type(np.inf), y)
            if odd:
                y = np.where(np.signbit(x), -y, y)  # vmulsign
            return np.where(np.isnan(x), x, y)
    return lanes


sinhf_u10, coshf_u10 = (_lanes(_hyperbolic(_expk2f, f32(89), odd)) for odd in (True, False))
sinh_u10, cosh_u10 = (_lanes64(_hyperbolic(_expk2, 710.0, odd)) for odd in (True, False))


# ---- atan2: the angle of (x, y) reduced to the first octant, atan of the ratio in pair arithmetic -----------------

def _atan2_octant(y, x, negative_x):
    """The start atan2kf_u1 and atan2k_u1 share: x made positive (q = -2 where ``negative_x``), then y/x or
    -x/y, whichever is at most 1 (q + 1 for the latter), as a pair; returns q and the ratio."""
    q = np.where(negative_x, -2, 0)
    x = tuple(np.where(x[0] < 0, -part, part) for part in x)
    q = np.where(x[0] < y[0], q + 1, q)
    swap = x[0] < y[0]
    s = tuple(np.where(swap, -a, b) for a, b in zip(x, y))
    t = tuple(np.where(swap, b, a) for a, b in zip(x, y))
    return q, _divide_pairs(s, t)


def _atan2kf(y, x):
    """atan2kf_u1: atan2 of float32 pairs with y >= 0, as a pair."""
    q, s = _atan2_octant(y, x, x[0] < 0)
    t = _add_floats_ordered(*_square_pair(s))  # dfnormalize
    u = np.full_like(t[0], f32(-0.00176397908944636583328247))
    for c in (0.0107900900766253471374512, -0.0309564601629972457885742, 0.0577365085482597351074219,
              -0.0838950723409652709960938, 0.109463557600975036621094, -0.142626821994781494140625,
              0.199983194470405578613281):
        u = fma(u, t[0], f32(c))
    t = _mul_pairs(t, _add_floats_ordered(f32(-0.333332866430282592773438), u * t[0]))
    t = _mul_pairs(s, _add_float_pair_ordered(f32(1), t))
    return _add_pairs_ordered(_mul_pair_float((f32(1.5707963705062866211), f32(-4.3711388286737928865e-08)),
                                              q.astype(np.float32)), t)


ATAN2_POLY = (1.06298484191448746607415e-05, -0.000125620649967286867384336, 0.00070557664296393412389774,
              -0.00251865614498713360352999, 0.00646262899036991172313504, -0.0128281333663399031014274,
              0.0208024799924145797902497, -0.0289002344784740315686289, 0.0359785005035104590853656,
              -0.041848579703592507506027, 0.0470843011653283988193763, -0.0524914210588448421068719,
              0.0587946590969581003860434, -0.0666620884778795497194182, 0.0769225330296203768654095,
              -0.0909090442773387574781907)


def _atan2k(y, x):
    """atan2k_u1: atan2 of float64 pairs with y >= 0, as a pair."""
    q, s = _atan2_octant(y, x, np.signbit(x[0]))
    t = _add_floats_ordered(*_square_pair(s))
    t2 = t[0] * t[0]
    t4 = t2 * t2
    u = fma(t4 * t4, _mla_polynomial(t[0], t2, t4, ATAN2_POLY[:8]), _mla_polynomial(t[0], t2, t4, ATAN2_POLY[8:]))
    for c in (0.111111108376896236538123, -0.142857142756268568062339, 0.199999999997977351284817,
              -0.333333333333317605173818):
        u = fma(u, t[0], c)
    t = _add_pairs_ordered(s, _mul_pair_float(_mul_pairs(s, t), u))
    return _add_pairs_ordered(_mul_pair_float((1.570796326794896557998982, 6.12323399573676603586882e-17),
                                              q.astype(np.float64)), t)


def _atan2(kernel, tiny, scale, pi):
    """xatan2f_u1 / xatan2_u1 on arrays y and x (broadcast together): tiny |x| scaled up with y, the kernel on
    (|y|, x), then the signs and the special cases of zeros and infinities."""
    def atan2(y, x):
        y, x = np.broadcast_arrays(y, x)
        shape, y, x = x.shape, y.reshape(-1), x.reshape(-1)
        with np.errstate(all="ignore"):
            small = np.abs(x) < tiny
            x, y = np.where(small, x * scale, x), np.where(small, y * scale, y)
            zeros = np.zeros_like(x)
            d = kernel((np.abs(y), zeros), (x, zeros))
            r = d[0] + d[1]
            r = np.where(np.signbit(x), -r, r)  # vmulsign
            infinite_x = np.where(np.isinf(x), np.copysign(pi / 2, x), zeros)  # visinf2
            r = np.where(np.isinf(x) | (x == 0), pi / 2 - infinite_x, r)
            r = np.where(np.isinf(y), pi / 2 - np.where(np.isinf(x), np.copysign(pi / 4, x), zeros), r)
            r = np.where(y == 0, np.where(np.signbit(x), pi, zeros), r)
            r = np.where(np.signbit(y), -r, r)
            return np.where(np.isnan(x) | np.isnan(y), np.nan, r).astype(x.dtype, copy=False).reshape(shape)
    return atan2


atan2f_u10 = _atan2(_atan2kf, f32(2.9387372783541830947e-39), f32(1 << 24), f32(np.pi))  # Sleef_atan2f8_u10
atan2_u10 = _atan2(_atan2k, 5.5626846462680083984e-309, float(1 << 53), np.pi)  # Sleef_atan2d4_u10


# ---- atanh: log((1 + |x|) / (1 - |x|)) / 2, the quotient and its log as pairs --------------------------------------

def _logk2f(d):
    """logk2f: log of a float32 pair as a pair."""
    e = FLOAT.exponent(d[0] * f32(1.0 / 0.75))
    m = tuple(part * pow2(-e) for part in d)  # dfscale by 2**-e
    x = _divide_pairs(_add_pair_float(m, f32(-1)), _add_pair_float(m, f32(1)))
    x2 = _square_pair(x)
    t = np.full_like(x2[0], f32(0.2392828464508056640625))
    for c in (0.28518211841583251953125, 0.400005877017974853515625, 0.666666686534881591796875):
        t = fma(t, x2[0], f32(c))
    s = _mul_pair_float(LN2, e.astype(np.float32))
    s = _add_pairs_ordered(s, (x[0] * f32(2), x[1] * f32(2)))
    return _add_pairs_ordered(s, _mul_pair_float(_mul_pairs(x2, x), t))


def _logk2(d):
    """logk2: log of a float64 pair as a pair."""
    e = DOUBLE.exponent(d[0] * (1 / 0.75))
    m = tuple(_ldexp2(part, -e, np.float64) for part in d)
    x = _divide_pairs(_add_pair_float(m, -1.0), _add_pair_float(m, 1.0))
    x2 = _square_pair(x)
    x4 = x2[0] * x2[0]
    t = _mla_polynomial(x2[0], x4, x4 * x4, (0.13860436390467167910856, 0.131699838841615374240845,
                                             0.153914168346271945653214, 0.181816523941564611721589,
                                             0.22222224632662035403996, 0.285714285511134091777308,
                                             0.400000000000914013309483))
    t = fma(t, x2[0], 0.666666666666664853302393)
    s = _mul_pair_float(LN2_DOUBLE, e.astype(np.float64))
    s = _add_pairs_ordered(s, (x[0] * 2, x[1] * 2))
    return _add_pairs_ordered(s, _mul_pair_float(_mul_pairs(x2, x), t))


def _atanh(logk2):
    """xatanhf / xatanh on a flat array."""
    def lanes(x):
        one = x.dtype.type(1)
        with np.errstate(all="ignore"):
            y = np.abs(x)
            d = logk2(_divide_pairs(_add_exact(one, y), _add_exact(one, -y)))
            y = np.where(y > 1, np.nan, np.where(y == 1, np.inf, (d[0] + d[1]) * x.dtype.type(0.5)))
            y = np.where(np.isinf(x), np.nan, y).astype(x.dtype, copy=False)
            return np.where(np.signbit(x), -y, y)  # vmulsign
    return lanes


atanhf_u10, atanh_u10 = _lanes(_atanh(_logk2f)), _lanes64(_atanh(_logk2))  # Sleef_atanhf8_u10, Sleef_atanhd4_u10
