"""PyTorch's CPU random stream: a Mersenne Twister (NumPy's MT19937 with torch's 32-bit seeding) and the
transforms torch's CPU kernels apply, so that after torch.manual_seed(s) the same calls give the same values.

rand and randn (float32 and float64, any size) are bit-identical to torch: larger float32 randn tensors go
through torch's AVX2 Box-Muller, whose polynomial log and sincos are reproduced here operation by operation.
"""

import math

import numpy as np

from .kernels import fma

DEFAULT_SEED = 67280421310721  # torch's default_rng_seed_val: runs are reproducible from the start


class Generator:
    def __init__(self, seed=DEFAULT_SEED):
        self.manual_seed(seed)

    def manual_seed(self, seed):
        self._seed = int(seed)
        self._seeded_bits = None  # made on first use: numpy.random takes longer to import than a calculation
        self._next_normal = None  # Box-Muller makes two samples; torch keeps the second for the next call
        return self

    @property
    def _bits(self):
        if self._seeded_bits is None:
            from numpy.random import MT19937

            self._seeded_bits = MT19937(0)
            self._seeded_bits._legacy_seeding(self._seed & 0xFFFFFFFF)  # torch seeds its mt19937 with 32 bits
        return self._seeded_bits

    def initial_seed(self):
        return self._seed

    def get_state(self):
        """An opaque snapshot (torch returns a ByteTensor; gradcli's state is the generator's own). Until a
        number is drawn the seed is the whole state, so the REPL's snapshots do not load numpy.random."""
        bits_state = self._seeded_bits.state if self._seeded_bits is not None else None
        return self._seed, bits_state, self._next_normal

    def set_state(self, state):
        self._seed, bits_state, self._next_normal = state
        self._seeded_bits = None
        if bits_state is not None:
            self._bits.state = bits_state

    def __repr__(self):
        return f"<torch._C.Generator object at {id(self):#x}>"

    def uniform(self, count, np_dtype):
        """U[0, 1): 24 random bits for float32, 53 (from two draws) for float64, as torch's kernels take
        (converted a chunk at a time, so that the intermediates stay in the CPU cache)."""
        out = np.empty(count, np_dtype)
        for start in range(0, count, RANDOM_CHUNK):
            chunk = out[start:start + RANDOM_CHUNK]
            if out.dtype == np.float32:
                raw = self._bits.random_raw(chunk.size).astype(np.int32)
                raw &= 0xFFFFFF
                np.multiply(raw.astype(np.float32), np.float32(2**-24), out=chunk)  # exact: 24 bits fit
            else:
                raw = self._bits.random_raw(2 * chunk.size)
                joined = raw[0::2] << np.uint64(32)
                joined |= raw[1::2]
                joined &= np.uint64(2**53 - 1)
                np.multiply(joined.view(np.int64).astype(np.float64), 2.0**-53, out=chunk)
        return out

    def _normal_scalar(self):
        if self._next_normal is not None:
            value, self._next_normal = self._next_normal, None
            return value
        u1, u2 = self.uniform(1, np.float64)[0], self.uniform(1, np.float64)[0]
        radius, theta = math.sqrt(-2.0 * math.log1p(-u2)), 2.0 * math.pi * u1
        self._next_normal = radius * math.sin(theta)
        return radius * math.cos(theta)

    def normal(self, count, np_dtype, mean=0.0, std=1.0):
        """N(mean, std**2) as torch's CPU normal_ fills: one by one below 16 elements (fma(z, std, mean) in
        double precision), else by Box-Muller in blocks of 16 uniforms (done here a chunk of blocks at a time,
        so that the intermediates stay in the CPU cache), then fma(z, std, mean) in the dtype."""
        dtype = np.dtype(np_dtype)
        if count < 16:
            draws = np.array([self._normal_scalar() for _ in range(count)])
            return _scaled(draws, std, mean).astype(dtype)
        box_muller = _box_muller_avx2 if dtype == np.float32 else _box_muller
        data = np.empty(count, dtype)
        whole = count - count % 16
        for start in range(0, whole, NORMAL_CHUNK):
            stop = min(start + NORMAL_CHUNK, whole)
            box_muller(self.uniform(stop - start, dtype).reshape(-1, 16), data[start:stop].reshape(-1, 16))
        if count % 16:  # torch draws the last values' uniforms, then redraws the last 16 from fresh ones
            self.uniform(count % 16, dtype)
            box_muller(self.uniform(16, dtype).reshape(1, 16), data[count - 16:].reshape(1, 16))
        if mean != 0.0 or std != 1.0:
            data = _scaled(data, dtype.type(std), dtype.type(mean))
        return data

    def random64(self):
        """torch's CPUGeneratorImpl::random64(): two 32-bit draws, the first as the high half."""
        high, low = self._bits.random_raw(2).tolist()
        return (high << 32) | low

    def integers(self, count, low, high):
        """torch's random_(from, to) and randint on the CPU: element by element, random() % (to - from) + from,
        with random64() in place of random() when the range does not fit 32 bits."""
        span = high - low
        if span < 2**32:
            draws = self._bits.random_raw(count) % np.uint64(span)
        else:
            draws = np.array([self.random64() % span for _ in range(count)], np.uint64)
        return draws.astype(np.int64) + low

    def permutation(self, n):
        """torch's CPU randperm (below 2**32 / 20 elements): Fisher-Yates, swapping i and i + random() % (n - i)."""
        perm = np.arange(n)
        offsets = self._bits.random_raw(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint64)
        for i, offset in enumerate(offsets.tolist()):
            j = i + offset
            perm[i], perm[j] = perm[j], perm[i]
        return perm


NORMAL_CHUNK = RANDOM_CHUNK = 64 * 1024  # elements: their intermediates fit the CPU caches


def _scaled(z, std, mean):
    """z * std + mean rounded once, as torch's normal kernels compute it (an FMA in the AVX2 build)."""
    return fma(z, std, mean)


def _box_muller(blocks, out):
    """Rows of 16 uniforms to the 8 + 8 normals that replace them: the first 8 give the radii, the last 8 the
    angles (torch's normal_fill_16 for float64, with the C library's log, sin and cos)."""
    radius = np.sqrt(-2 * np.log(1 - blocks[:, :8]))
    theta = blocks.dtype.type(2.0 * math.pi) * blocks[:, 8:]
    np.add(radius * np.cos(theta), 0, out=out[:, :8])  # + mean 0: -0 becomes +0, as in torch
    np.add(radius * np.sin(theta), 0, out=out[:, 8:])


def _box_muller_avx2(blocks, out):
    """The float32 Box-Muller of torch's AVX2 kernel (normal_fill_16_AVX2): its Cephes polynomial log and
    sincos (avx_mathfun.h), with the fused multiply-adds its build makes of them, so every bit agrees."""
    radius = _cephes_log(np.float32(1) - blocks[:, :8])
    radius *= np.float32(-2)
    np.sqrt(radius, out=radius)
    sin, cos = _cephes_sincos(np.float32(2.0 * math.pi) * blocks[:, 8:])
    cos *= radius
    sin *= radius
    np.add(cos, np.float32(0), out=out[:, :8])  # torch's fmadd(n, std=1, mean=0): -0 becomes +0
    np.add(sin, np.float32(0), out=out[:, 8:])


# Cephes' single-precision constants, as avx_mathfun.h has them
LOG_POLYNOMIAL = (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1,
                  -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1)
LN2_LOW, LN2_HIGH = np.float32(-2.12194440e-4), np.float32(0.693359375)  # ln 2 in two parts
SQRT_HALF_MANTISSA = 0x3504F3  # the mantissa bits of float32 sqrt(1/2) = 0.707106781186547524
PI_OVER_4_PARTS = [np.float32(c) for c in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8)]
COS_POLYNOMIAL = (2.443315711809948E-005, -1.388731625493765E-003, 4.166664568298827E-002)
SIN_POLYNOMIAL = (-1.9515295891E-4, 8.3321608736E-3, -1.6666654611E-1)


def _as_float32_constants(coefficients):
    """Float32 constants held in float64, for the float64 arithmetic of _fma32."""
    return [float(np.float32(c)) for c in coefficients]


LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL = map(_as_float32_constants,
                                                     (LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL))


def _fma32(a, b, c):
    """float32 a * b + c rounded once, as an FMA instruction does, from float64 operands holding float32
    values: the product is exact in float64, and rounding the float64 sum to float32 gives the correctly
    rounded result unless that sum was rounded to a value exactly halfway between two float32 (rounded twice).
    For the inputs this module gives it, that never happens: tests/engine/test_random_bits.py checks every one
    of the 2**24 possible uniforms (kernels.fma corrects those cases, at a cost randn need not pay)."""
    total = a * b
    total += c
    return total.astype(np.float32)


def _polynomial(x, coefficients):
    """Horner's rule with an FMA per step, on float64 x holding float32 values; the float32 result."""
    y = _fma32(x, coefficients[0], coefficients[1])
    for coefficient in coefficients[2:]:
        y = _fma32(y.astype(np.float64), x, coefficient)
    return y


def _cephes_log(x):
    """log of float32 x in (0, 1]: x = m * 2**e with m in [sqrt(1/2), sqrt(2)), then a polynomial in m - 1.
    m and e come from the bits (m's mantissa bits with the exponent of 1/2, or of 1 below sqrt(1/2))."""
    bits = x.view(np.int32)
    mantissa_bits = bits & 0x7FFFFF
    small = mantissa_bits - SQRT_HALF_MANTISSA
    small >>= 31  # -1 where the mantissa is below sqrt(1/2), else 0 (integer arithmetic: np.where is slower)
    exponent = bits >> 23
    exponent += small
    exponent -= 126
    exponent = exponent.astype(np.float32)
    mantissa_bits += 0x3F000000  # the exponent of 1/2 ...
    small <<= 23
    mantissa_bits -= small  # ... or of 1
    m = mantissa_bits.view(np.float32)
    m -= np.float32(1)  # exact: (mantissa - 1) + mantissa in Cephes is 2 * mantissa - 1 below sqrt(1/2)
    m_wide = m.astype(np.float64)
    m_squared = m * m
    y = _polynomial(m_wide, LOG_POLYNOMIAL)
    y *= m
    y = _fma32(y.astype(np.float64), m_squared.astype(np.float64), exponent * LN2_LOW)
    # The last two fused multiply-adds multiply exactly in float32 (by 1/2, and a 9-bit constant by a small
    # integer): a float32 multiply and add round as they do.
    m_squared *= np.float32(0.5)
    y -= m_squared
    y += m
    exponent *= LN2_HIGH
    y += exponent
    return y


def _cephes_sincos(x):
    """sin and cos of float32 x >= 0: reduced by multiples of pi/4 (in three parts, for precision), then one
    of two polynomials each, chosen by the octant."""
    octant = (x * np.float32(1.27323954473516)).astype(np.int32)  # x / (pi/4), truncated
    octant += 1
    octant &= ~1
    even_octant = octant.astype(np.float32)
    x = x + even_octant * PI_OVER_4_PARTS[0]  # exact products (8- and 11-bit constants): fused or not alike
    x += even_octant * PI_OVER_4_PARTS[1]
    x = _fma32(even_octant.astype(np.float64), float(PI_OVER_4_PARTS[2]), x)
    sin_sign = (octant & 4) << 29
    cos_sign = (octant + 2) & 4  # octant is even: the same as Cephes' ~(octant - 2) & 4
    cos_sign <<= 29
    swap = octant << 30
    swap >>= 31  # all bits set where the polynomials swap roles (octant & 2)
    z = x * x
    z_wide = z.astype(np.float64)
    near_cos = _polynomial(z_wide, COS_POLYNOMIAL)
    near_cos *= z
    half_z = z * np.float32(-0.5)
    near_cos = _fma32(near_cos.astype(np.float64), z_wide, half_z)
    near_cos += np.float32(1)
    near_sin = _polynomial(z_wide, SIN_POLYNOMIAL)
    near_sin *= z
    near_sin = _fma32(near_sin.astype(np.float64), x.astype(np.float64), x)
    sin, cos = near_sin.view(np.int32), near_cos.view(np.int32)
    swapped = sin ^ cos
    swapped &= swap
    sin ^= swapped
    sin ^= sin_sign
    cos ^= swapped
    cos ^= cos_sign
    return sin.view(np.float32), cos.view(np.float32)


default_generator = Generator()
