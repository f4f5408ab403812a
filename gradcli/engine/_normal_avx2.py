"""torch's float32 Box-Muller for 16 values or more (normal_fill_16_AVX2), bit for bit, with NumPy.

torch transforms rows of 16 uniforms u = k * 2**-24: the first 8 give radii sqrt(-2 log(1 - u)), the last 8
angles 2 pi u, with the Cephes polynomial log and sincos of avx_mathfun.h, compiled with fused multiply-adds.
Each step is reproduced here with the same rounding: a float32 FMA a * b + c is computed in float64, where
the product of two float32 values is exact and so is the sum for the ranges these steps see (when it is not,
the sum is rounded once to float64 and never lands half-way between two float32: tests/engine/test_random_bits.py
compares every one of the 2**24 inputs with kernels.fma's exact FMA), then rounded once to float32: by a
conversion, or, where the results stay within two binades (the log's Horner steps), by adding and subtracting
a magic constant, which rounds the exact sum once (see LOG_STEPS).

Speed: the work is a few dozen whole-array NumPy passes per value, so every pass writes into arrays made once
per call (Room: a fresh array of a chunk's size costs page faults on every use) and runs in float32 or int32
wherever the kernel's own operation is a plain float32 multiply or add.
"""

import math

import numpy as np

ROW_OF_8 = np.dtype((np.void, 32))  # eight float32 or int32 as one item: a half row is copied in one pass
TWO_PI_ULP = np.float32(2.0 * math.pi) * np.float32(2**-24)  # exact: float32 2 pi times a power of 2

# Cephes' single-precision constants, as avx_mathfun.h has them (held in float64: the FMAs run there)
LOG_POLYNOMIAL = (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1,
                  -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1)
LN2_LOW, LN2_HIGH = np.float32(-2.12194440e-4), np.float32(0.693359375)  # ln 2 in two parts
SQRT_HALF_MANTISSA = 0x3504F3  # the mantissa bits of float32 sqrt(1/2) = 0.707106781186547524
PI_OVER_4_PARTS = (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8)
COS_POLYNOMIAL = (2.443315711809948E-005, -1.388731625493765E-003, 4.166664568298827E-002)
SIN_POLYNOMIAL = (-1.9515295891E-4, 8.3321608736E-3, -1.6666654611E-1)


def _as_float32_constants(coefficients):
    return tuple(float(np.float32(c)) for c in coefficients)


LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL, PI_OVER_4_PARTS = map(
    _as_float32_constants, (LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL, PI_OVER_4_PARTS))
# The three parts of pi/4 add up exactly in float64 (their bits span 2**-1 to 2**-48), and so do their
# multiples by an even octant of at most 8 and the sum with the angle: Cephes' three fused steps of the
# reduction round only at the last one, where one float64 sum and one rounding give the same bits.
PI_OVER_4 = sum(PI_OVER_4_PARTS)
# Cephes' even octant j = (int(x * float32(4/pi)) + 1) & ~1 of x = 2 pi k * 2**-24 is 2 * QUADRANT(k), with
# QUADRANT(k) = (k + 2**21) >> 22: x * 4/pi is k * 2**-21 but for roundings, which never carry it across an
# odd integer (the test checks all 2**24 k).
QUADRANT_ROUNDING, QUADRANT_SHIFT = 1 << 21, 22
# Adding 1.5 * 2**(e + 29) to a float64 whose rounded float32 value lies in [2**e, 2**(e + 1)) rounds it
# once to float32's spacing there, 2**(e - 23), ties to even; subtracting it again is exact. The first step
# of the cosine's and of the sine's polynomials stays in one such binade (e = -10 and -7; the test checks it).
COS_FIRST_BINADE, SIN_FIRST_BINADE = -10, -7
# Cephes' exponent e and mantissa m of x from its float32 bits, in integer arithmetic: adding 2**23 - sqrt(1/2)'s
# mantissa carries into the exponent field exactly when x's mantissa is at least sqrt(1/2)'s (where Cephes
# keeps e and uses m - 1; below, e - 1 and 2m - 1); the bias, subtracted with it, leaves e * 2**23 in the
# exponent field (the mantissa field is then masked off).
SQRT_HALF_CARRY = (1 << 23) - SQRT_HALF_MANTISSA - (127 << 23)
EXPONENT_FIELD = ~((1 << 23) - 1)
# e then goes on as the float32 e * 2**23 (exact), so ln 2's parts are scaled by 2**-23 (exact): the products
# are the same numbers, rounded the same way.
LN2_LOW_SCALED, LN2_HIGH_SCALED = LN2_LOW * np.float32(2**-23), LN2_HIGH * np.float32(2**-23)


def _f32(value):
    return np.array(value, np.float32)


def _f64(value):
    return np.array(value, np.float64)


def _i32(value):
    return np.array(value, np.int32)


# Constants as 0-d arrays of the operation's dtype: NumPy takes them in about half the time of a Python or
# NumPy scalar, and a chunk makes about a hundred calls. Outputs are passed positionally for the same reason.
ZERO, ONE, HALF, MINUS_EIGHT, TWENTY_FOUR_SCALED = map(_f32, (0, 1, 0.5, -8, 24 * 2**23))
LN2_LOW_SCALED, LN2_HIGH_SCALED, PI_ULP = map(_f32, (LN2_LOW_SCALED, LN2_HIGH_SCALED, TWO_PI_ULP / 2))
LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL = (tuple(map(_f64, coefficients)) for coefficients in
                                                  (LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL))
PI_OVER_4_WIDE = _f64(PI_OVER_4)
TWO_TO_24, SQRT_HALF_CARRY, EXPONENT_FIELD, SIGN_BIT = map(_i32, (1 << 24, SQRT_HALF_CARRY, EXPONENT_FIELD, -2**31))
QUADRANT_ROUNDING, QUADRANT_SHIFT, THIRTY, THIRTY_ONE = map(_i32, (QUADRANT_ROUNDING, QUADRANT_SHIFT, 30, 31))
# A float64 sum M + v with M = 2**(E + 29) - 2**E (the sign of v) rounds v to float32 wherever v lies in the two
# binades around 2**E, [2**(E - 1), 2**(E + 1)): below 2**E the sum lies just below 2**(E + 29), where float64's
# spacing is 2**(E - 24), float32's below 2**E; from 2**E up it lies just above, where both are twice that. M is
# an even multiple of both spacings, so ties go to even as float32's do, and (M + v) - M is exact. Each of the
# log's Horner steps but the last (one binade, rounded by its conversion) stays in two such binades, around
# 2**E for E below (the test checks all 2**24 inputs), and its coefficient c, a multiple of the spacing there,
# adds to M exactly: the step is y * m + (c + M), one rounding, then - M.
LOG_STEP_BINADES = (-3, -3, -3, -3, -3, -2, -2)
LOG_STEPS = tuple((_f64(coefficient + magic), _f64(magic)) for coefficient, magic in (
    (float(coefficient), math.copysign(2.0**(top + 29) - 2.0**top, coefficient))
    for coefficient, top in zip(LOG_POLYNOMIAL[1:-1], LOG_STEP_BINADES)))


# The sine and cosine are computed at half scale: the angle x/2 (torch's float32 2 pi u is pi u, halved exactly,
# reduced by pi/4 instead of pi/2), so z = x * x is Z = z/4, and each intermediate value is the kernel's times a
# power of 2, which roundings leave as they are (no value comes near float32's subnormals). With the
# polynomials' coefficients scaled to match, cos's last FMA t z - z/2 is T Z - Z for T = 2 t: one float64 pass
# fewer. Both come out halved, and the radius doubled makes up for it: (2 r)**2 = -8 log(1 - u).
def _scaled_steps(coefficients, first_binade, scale):
    """(c0, c1 + magic, magic, c2) to evaluate 2**scale ((c0 z + c1) z + c2) from Z = z/4: c0 Z + c1 then
    stands for 2**(scale + 2) (c0 z + c1), in the binade scale + 2 above the first step's (see _two_steps)."""
    c0, c1, c2 = (float(c) for c in coefficients)
    magic = 1.5 * 2.0**(first_binade + scale + 2 + 29)
    return tuple(map(_f64, (c0 * 2.0**(scale + 4), c1 * 2.0**(scale + 2) + magic, magic, c2 * 2.0**scale)))


COS_STEPS = _scaled_steps(COS_POLYNOMIAL, COS_FIRST_BINADE, 3)  # times Z: 2 t, where torch has t = (...) z
SIN_STEPS = _scaled_steps(SIN_POLYNOMIAL, SIN_FIRST_BINADE, 2)  # times Z: torch's t


CACHE_LINE = 64  # bytes


class Room:
    """The arrays one chunk of rows needs, made once and written with out= (half: values per half row).

    Each starts on a cache line: NumPy's loops read and write 64 bytes at a time (AVX-512), and an array
    from np.empty starts 16 bytes into one, so that every access would straddle two (4-5% slower in all)."""

    def __init__(self, half):
        self.half = half
        dtypes = (np.int32,) * 3 + (np.float32,) * 5 + (np.float64,) * 4
        sizes = [-(-half * np.dtype(dtype).itemsize // CACHE_LINE) * CACHE_LINE for dtype in dtypes]
        memory = np.empty(sum(sizes) + CACHE_LINE, np.uint8)
        start = -memory.__array_interface__["data"][0] % CACHE_LINE
        arrays = []
        for dtype, size in zip(dtypes, sizes):
            arrays.append(memory[start:start + size].view(dtype)[:half])
            start += size
        (self.int_a, self.int_b, self.int_c, self.f32_a, self.f32_b, self.f32_c, self.f32_d, self.f32_e,
         self.f64_a, self.f64_b, self.f64_c, self.f64_d) = arrays

    def trimmed(self, half):
        """The same arrays cut to a smaller chunk (the last one)."""
        room = object.__new__(Room)
        room.__dict__ = {name: array[:half] if isinstance(array, np.ndarray) else half
                         for name, array in vars(self).items()}
        return room


def box_muller(uniform_integers, out, room):
    """Rows of 16 uniforms, given as the integers k of k * 2**-24, to the float32 normals torch puts in their
    place (out: the same shape): cos times the radius in the first 8 of a row, sin times it in the last 8."""
    halves = uniform_integers.view(ROW_OF_8)  # (rows, 2): the two halves of each row
    room = room.trimmed(halves.shape[0] * 8) if halves.shape[0] * 8 < room.half else room
    log_k, angle_k = room.int_a, room.int_b
    np.copyto(log_k.view(ROW_OF_8), halves[:, 0])
    np.copyto(angle_k.view(ROW_OF_8), halves[:, 1])
    radius = room.f32_e
    log_times(MINUS_EIGHT, log_k, room, radius)
    np.sqrt(radius, radius)  # twice torch's: sincos's values are halves
    sin, cos, sign = sincos(angle_k, room)
    radius_zero = radius.min() == 0  # only k = 0 has radius 0; elsewhere no product is -0 (nor sin or cos)
    radius_bits = radius.view(np.int32)
    np.bitwise_xor(radius_bits, sign, radius_bits)
    rows = out.view(ROW_OF_8)
    for values, column in ((cos, 0), (sin, 1)):
        np.multiply(values, radius, values)
        if radius_zero:
            np.add(values, ZERO, values)  # torch's fmadd(n, std=1, mean=0): -0 becomes +0
        rows[:, column] = values.view(ROW_OF_8)


def log_times(factor, k, room, out):
    """factor * log(1 - k * 2**-24) (factor a power of 2, as a 0-d float32 array), the log as Cephes' float32
    log (avx_mathfun's log256_ps) computes it, into out; 1 - u is exact: the integer 2**24 - k scaled by
    2**-24, which only shifts the exponent. k is overwritten; of the room, only int_b, int_c and f32_e are left
    as they were."""
    x, exponent = room.f32_a, k  # k is used up at once
    np.subtract(TWO_TO_24, k, exponent)
    np.copyto(x, exponent)  # exact: at most 2**24
    bits = x.view(np.int32)
    np.add(bits, SQRT_HALF_CARRY, exponent)
    np.bitwise_and(exponent, EXPONENT_FIELD, exponent)  # Cephes' e times 2**23, but for the scaling by 2**-24
    np.subtract(bits, exponent, bits)  # the mantissa with the exponent of 1 (at or above sqrt(1/2)) or of 2 (below)
    m = x
    np.subtract(m, ONE, m)  # exact; Cephes' (m - 1) + m below sqrt(1/2) is this 2m - 1
    e = room.f32_b
    np.copyto(e, exponent)  # exact: a multiple of 2**23 below 2**28
    np.subtract(e, TWENTY_FOUR_SCALED, e)  # e * 2**23
    m_wide, total, y_wide, y = room.f64_a, room.f64_b, room.f64_c, room.f32_c
    np.copyto(m_wide, m)
    # Horner's rule, one FMA per step, each rounded to float32 by its two-binade magic (see LOG_STEPS)
    np.multiply(m_wide, LOG_POLYNOMIAL[0], total)
    for plus_magic, magic in LOG_STEPS:
        np.add(total, plus_magic, total)
        np.subtract(total, magic, total)
        np.multiply(total, m_wide, total)
    np.add(total, LOG_POLYNOMIAL[-1], total)
    np.copyto(y, total, casting="unsafe")
    np.multiply(y, m, y)  # a plain float32 multiply in the kernel
    z, z_wide = room.f32_d, room.f64_d
    np.multiply(m, m, z)
    # y * z + e * LN2_LOW, rounded once
    np.copyto(y_wide, y)
    np.copyto(z_wide, z)
    np.multiply(y_wide, z_wide, y_wide)
    np.multiply(e, LN2_LOW_SCALED, y)
    np.copyto(total, y)
    np.add(y_wide, total, y_wide)
    np.copyto(y, y_wide, casting="unsafe")
    # The last two FMAs multiply exactly in float32 (by 1/2, and a 9-bit constant by a small integer): a
    # float32 multiply and add round as they do.
    z *= HALF
    y -= z
    y += m
    e *= LN2_HIGH_SCALED
    np.add(y, e, out)
    out *= factor


def sincos(k, room):
    """Halves of sin and cos of 2 pi * k * 2**-24 rounded to float32, as Cephes' sincos256_ps computes them:
    reduced by an even number of pi/4 (the octant), then one of two polynomials each, chosen by the octant.
    Returned but for the sign bit they share, in room.f32_b and room.f32_d, and that sign bit (int32, in k's
    array); all of the room but f32_e is overwritten. Halves: see _scaled_steps."""
    x = room.f32_a
    np.copyto(x, k)  # exact
    np.multiply(x, PI_ULP, x)  # 2 pi * u rounded once, as torch's, and halved
    quadrant = k  # half Cephes' even octant (see QUADRANT_SHIFT); k is used up here
    np.add(k, QUADRANT_ROUNDING, quadrant)
    np.right_shift(quadrant, QUADRANT_SHIFT, quadrant)
    reduced, x_wide = room.f64_a, room.f64_b
    np.copyto(reduced, quadrant)
    np.multiply(reduced, PI_OVER_4_WIDE, reduced)
    np.copyto(x_wide, x)
    np.add(reduced, x_wide, reduced)
    np.copyto(x, reduced, casting="unsafe")  # Cephes' three fused steps, rounded once (see PI_OVER_4)
    np.copyto(x_wide, x)
    z, z_wide = x, room.f64_c  # x is used up here: x_wide goes on
    np.multiply(x, x, z)
    np.copyto(z_wide, z)
    total, near_cos, near_sin = room.f64_d, room.f32_d, room.f32_b
    # cos: ((c0 z + c1) z + c2), times z, then that times z - z/2 fused, plus 1 (here Z for z/4: 2 t and
    # T Z - Z, then + 1/2)
    _two_steps(z_wide, COS_STEPS, total, near_cos)
    np.multiply(near_cos, z, near_cos)
    np.copyto(reduced, near_cos)
    np.multiply(reduced, z_wide, reduced)
    np.subtract(reduced, z_wide, reduced)
    np.copyto(near_cos, reduced, casting="unsafe")
    np.add(near_cos, HALF, near_cos)
    # sin: ((s0 z + s1) z + s2), times z, then that times x plus x fused
    _two_steps(z_wide, SIN_STEPS, total, near_sin)
    np.multiply(near_sin, z, near_sin)
    np.copyto(reduced, near_sin)
    np.multiply(reduced, x_wide, reduced)
    np.add(reduced, x_wide, reduced)
    np.copyto(near_sin, reduced, casting="unsafe")
    # the quadrant q picks which is which (q odd: swapped) and the signs: sin's is bit 1 of q, cos's that of
    # q + 1, bit 1 flipped where bit 0 is set. Both take sin's sign, returned for the radius to carry, and
    # where q is odd, near_sin, which then goes to cos, is flipped.
    odd = room.int_c
    np.left_shift(quadrant, THIRTY_ONE, odd)  # bit 0 to the sign bit
    sign = quadrant
    np.left_shift(quadrant, THIRTY, sign)  # bit 1 to the sign bit, bit 0 just below it
    np.bitwise_and(sign, SIGN_BIT, sign)
    sin, cos = near_sin.view(np.int32), near_cos.view(np.int32)
    np.bitwise_xor(sin, odd, sin)
    swap, swapped = odd, room.int_a
    np.right_shift(odd, THIRTY_ONE, swap)  # all bits set where q is odd
    np.bitwise_xor(sin, cos, swapped)
    np.bitwise_and(swapped, swap, swapped)
    np.bitwise_xor(sin, swapped, sin)
    np.bitwise_xor(cos, swapped, cos)
    return near_sin, near_cos, sign


def _two_steps(z_wide, steps, total, out):
    """(c0 z + c1) z + c2 with two FMAs, into the float32 out. The first one's result lies in one binade, where
    steps = (c0, c1 + magic, magic, c2) rounds it (c1 + magic is exact: c1 is a multiple of the spacing there,
    as is the magic); the second's is rounded by the conversion."""
    first, plus_magic, magic, last = steps
    np.multiply(z_wide, first, total)
    np.add(total, plus_magic, total)
    np.subtract(total, magic, total)
    np.multiply(total, z_wide, total)
    np.add(total, last, total)
    np.copyto(out, total, casting="unsafe")
