"""PyTorch's CPU random stream: a Mersenne Twister (NumPy's MT19937 with torch's 32-bit seeding) and the
transforms torch's CPU kernels apply, so that after torch.manual_seed(s) the same calls give the same values.

rand and randn (float32 and float64, any size) are bit-identical to torch: larger float32 randn tensors go
through torch's AVX2 Box-Muller, whose polynomial log and sincos are reproduced here operation by operation.
"""

import math

import numpy as np

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
        """U[0, 1): 24 random bits for float32, 53 (from two draws) for float64, as torch's kernels take."""
        if np.dtype(np_dtype) == np.float32:
            raw = self._bits.random_raw(count).astype(np.int32)
            return (raw & 0xFFFFFF).astype(np.float32) * np.float32(2**-24)  # exact: 24 bits fit float32
        raw = self._bits.random_raw(2 * count)
        joined = (raw[0::2] << np.uint64(32)) | raw[1::2]
        return (joined & np.uint64(2**53 - 1)).astype(np.float64) * 2.0**-53

    def _normal_scalar(self):
        if self._next_normal is not None:
            value, self._next_normal = self._next_normal, None
            return value
        u1, u2 = self.uniform(1, np.float64)[0], self.uniform(1, np.float64)[0]
        radius, theta = math.sqrt(-2.0 * math.log1p(-u2)), 2.0 * math.pi * u1
        self._next_normal = radius * math.sin(theta)
        return radius * math.cos(theta)

    def normal(self, count, np_dtype, mean=0.0, std=1.0):
        """N(mean, std**2) as torch's CPU normal_ fills: one by one below 16 elements (mean + std * z in double
        precision), else by Box-Muller in blocks of 16 uniforms (done here a chunk of blocks at a time, so that
        the intermediates stay in the CPU cache), then z * std + mean in the dtype."""
        dtype = np.dtype(np_dtype)
        if count < 16:
            return np.array([mean + std * self._normal_scalar() for _ in range(count)], dtype=dtype)
        if mean != 0.0 or std != 1.0:
            data = self.normal(count, dtype)
            return data * dtype.type(std) + dtype.type(mean)
        box_muller = _box_muller_avx2 if dtype == np.float32 else _box_muller
        data = np.empty(count, dtype)
        whole = count - count % 16
        for start in range(0, whole, NORMAL_CHUNK):
            blocks = data[start:min(start + NORMAL_CHUNK, whole)].reshape(-1, 16)
            blocks[:, :8], blocks[:, 8:] = box_muller(self.uniform(blocks.size, dtype).reshape(-1, 16))
        if count % 16:  # torch draws the last values' uniforms, then redraws the last 16 from fresh ones
            self.uniform(count % 16, dtype)
            blocks = data[count - 16:].reshape(1, 16)
            blocks[:, :8], blocks[:, 8:] = box_muller(self.uniform(16, dtype).reshape(1, 16))
        return data

    def random64(self):
        """torch's CPUGeneratorImpl::random64(): two 32-bit draws, the first as the high half."""
        high, low = self._bits.random_raw(2).tolist()
        return (high << 32) | low

    def permutation(self, n):
        """torch's CPU randperm (below 2**32 / 20 elements): Fisher-Yates, swapping i and i + random() % (n - i)."""
        perm = np.arange(n)
        offsets = self._bits.random_raw(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint64)
        for i, offset in enumerate(offsets.tolist()):
            j = i + offset
            perm[i], perm[j] = perm[j], perm[i]
        return perm


NORMAL_CHUNK = 64 * 1024


def _box_muller(blocks):
    """Rows of 16 uniforms to the 8 + 8 normals that replace them: the first 8 give the radii, the last 8 the
    angles (torch's normal_fill_16 for float64, with the C library's log, sin and cos)."""
    radius = np.sqrt(-2 * np.log(1 - blocks[:, :8]))
    theta = blocks.dtype.type(2.0 * math.pi) * blocks[:, 8:]
    return radius * np.cos(theta), radius * np.sin(theta)


def _box_muller_avx2(blocks):
    """The float32 Box-Muller of torch's AVX2 kernel (normal_fill_16_AVX2): its Cephes polynomial log and
    sincos (avx_mathfun.h), with the fused multiply-adds its build makes of them, so every bit agrees."""
    radius = np.sqrt(np.float32(-2) * _cephes_log(np.float32(1) - blocks[:, :8]))
    sin, cos = _cephes_sincos(np.float32(2.0 * math.pi) * blocks[:, 8:])
    return radius * cos + np.float32(0), radius * sin + np.float32(0)  # torch's fmadd(n, std=1, mean=0)


LOG_POLYNOMIAL = [np.float32(c) for c in (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
                                          1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1,
                                          3.3333331174E-1)]
LN2_LOW, LN2_HIGH = np.float32(-2.12194440e-4), np.float32(0.693359375)  # ln 2 in two parts
PI_OVER_4_PARTS = [np.float32(c) for c in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8)]
COS_POLYNOMIAL = [np.float32(c) for c in (2.443315711809948E-005, -1.388731625493765E-003, 4.166664568298827E-002)]
SIN_POLYNOMIAL = [np.float32(c) for c in (-1.9515295891E-4, 8.3321608736E-3, -1.6666654611E-1)]


def _cephes_log(x):
    """log of float32 x in (0, 1]: x = m * 2**e with m in [sqrt(1/2), sqrt(2)), then a polynomial in m - 1."""
    bits = x.view(np.int32)
    exponent = ((bits >> 23) - 0x7F).astype(np.float32) + np.float32(1)
    mantissa = ((bits & ~0x7F800000) | np.float32(0.5).view(np.int32)).view(np.float32)  # in [0.5, 1)
    small = mantissa < np.float32(0.707106781186547524)
    exponent -= small.astype(np.float32)
    m = (mantissa - np.float32(1)) + np.where(small, mantissa, np.float32(0))
    m_squared = m * m
    y = _fma32(m, LOG_POLYNOMIAL[0], LOG_POLYNOMIAL[1])
    for coefficient in LOG_POLYNOMIAL[2:]:
        y = _fma32(y, m, coefficient)
    y = y * m
    y = _fma32(y, m_squared, exponent * LN2_LOW)
    # The last two fused multiply-adds multiply exactly in float32 (by 1/2, and a 9-bit constant by a small
    # integer): a float32 multiply and add round as they do.
    y = y - m_squared * np.float32(0.5)
    return (m + y) + exponent * LN2_HIGH


def _cephes_sincos(x):
    """sin and cos of float32 x >= 0: reduced by multiples of pi/4 (in three parts, for precision), then one
    of two polynomials each, chosen by the octant."""
    octant = (x * np.float32(1.27323954473516)).astype(np.int32)  # x / (pi/4), truncated
    octant = (octant + 1) & ~1
    even_octant = octant.astype(np.float32)
    x = x + even_octant * PI_OVER_4_PARTS[0]  # exact products (8- and 11-bit constants): fused or not alike
    x = x + even_octant * PI_OVER_4_PARTS[1]
    x = _fma32(even_octant, PI_OVER_4_PARTS[2], x)
    sin_sign = (octant & 4) << 29
    cos_sign = (~(octant - 2) & 4) << 29
    use_sin_polynomial = (octant & 2) == 0
    z = x * x
    near_cos = _fma32(_fma32(z, COS_POLYNOMIAL[0], COS_POLYNOMIAL[1]), z, COS_POLYNOMIAL[2]) * z
    near_cos = _fma32(near_cos, z, -(z * np.float32(0.5))) + np.float32(1)
    near_sin = _fma32(_fma32(z, SIN_POLYNOMIAL[0], SIN_POLYNOMIAL[1]), z, SIN_POLYNOMIAL[2]) * z
    near_sin = _fma32(near_sin, x, x)
    sin = np.where(use_sin_polynomial, near_sin, near_cos)
    cos = np.where(use_sin_polynomial, near_cos, near_sin)
    return (sin.view(np.int32) ^ sin_sign).view(np.float32), (cos.view(np.int32) ^ cos_sign).view(np.float32)


def _fma32(a, b, c):
    """float32 a * b + c rounded once, as an FMA instruction does: the product of two float32 is exact in
    float64, and rounding the float64 sum to float32 gives the correctly rounded result unless that sum was
    rounded to a value exactly halfway between two float32 (rounded twice). For the inputs this module gives
    it, that never happens: tests/engine/test_random_bits.py checks every one of the 2**24 possible uniforms."""
    return (np.multiply(a, b, dtype=np.float64) + c).astype(np.float32)


default_generator = Generator()
