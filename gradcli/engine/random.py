"""PyTorch's CPU random stream: a Mersenne Twister (NumPy's MT19937 with torch's 32-bit seeding) and the
transforms torch's CPU kernels apply, so that after torch.manual_seed(s) the same calls give the same values.

rand and randn (float32 and float64, any size) are bit-identical to torch: larger float32 randn tensors go
through torch's AVX2 Box-Muller, whose polynomial log and sincos are reproduced here operation by operation.
"""

import contextlib
import math
import os

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
                np.multiply(self._low_24_bits(chunk.size).astype(np.float32), np.float32(2**-24), out=chunk)
            else:
                raw = self._bits.random_raw(2 * chunk.size)
                joined = raw[0::2] << np.uint64(32)
                joined |= raw[1::2]
                joined &= np.uint64(2**53 - 1)
                np.multiply(joined.view(np.int64).astype(np.float64), 2.0**-53, out=chunk)
        return out

    def _low_24_bits(self, count):
        """count draws' low 24 bits, as int32: k of torch's float32 uniform k * 2**-24 (exact: 24 bits fit)."""
        draws = self._bits.random_raw(count).astype(np.int32)
        draws &= 0xFFFFFF
        return draws

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
        if dtype == np.float32:  # the AVX2 kernel's float32 uniforms, as the integers k of k * 2**-24
            box_muller, draw = _box_muller_avx2, self._low_24_bits
        else:
            box_muller, draw = _box_muller, lambda size: self.uniform(size, dtype)
        data = np.empty(count, dtype)
        whole = count - count % 16
        with _on_worker_threads(whole > NORMAL_CHUNK) as run:
            for start in range(0, whole, NORMAL_CHUNK):
                stop = min(start + NORMAL_CHUNK, whole)
                run(box_muller, draw(stop - start).reshape(-1, 16), data[start:stop].reshape(-1, 16))
        if count % 16:  # torch draws the last values' uniforms, then redraws the last 16 from fresh ones
            draw(count % 16)
            box_muller(draw(16).reshape(1, 16), data[count - 16:].reshape(1, 16))
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
WORKER_THREADS = os.cpu_count() or 1


@contextlib.contextmanager
def _on_worker_threads(worthwhile):
    """A run(function, *args) that hands the calls to one worker thread per core, when worthwhile (NumPy
    releases the GIL in its loops, so the Box-Muller chunks run side by side while this thread draws the
    next chunk's bits in order), else calls at once. Leaving the block waits for every call."""
    if not worthwhile or WORKER_THREADS < 2:
        yield lambda function, *args: function(*args)
        return
    from concurrent.futures import ThreadPoolExecutor  # a pool per call: nothing shared with forked processes

    calls = []
    with ThreadPoolExecutor(WORKER_THREADS) as pool:
        yield lambda function, *args: calls.append(pool.submit(function, *args))
    for call in calls:
        call.result()  # a worker's exception, raised here


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


def _box_muller_avx2(uniform_integers, out):
    """The float32 Box-Muller of torch's AVX2 kernel (normal_fill_16_AVX2) on rows of 16 uniforms given as
    the integers k of u = k * 2**-24: its Cephes polynomial log and sincos (avx_mathfun.h), with the fused
    multiply-adds its build makes of them, so every bit agrees. The first 8 of a row give the radii, the
    last 8 the angles; each half is made contiguous first (NumPy loops over rows of 8 slowly)."""
    first, second = (half.copy().view(np.int32) for half in _rows_of_8(uniform_integers).T)
    np.subtract(1 << 24, first, out=first)  # 1 - u, in units of 2**-24
    one_minus_u = first.astype(np.float32)
    one_minus_u *= np.float32(2**-24)
    radius = _cephes_log(one_minus_u)
    radius *= np.float32(-2)
    np.sqrt(radius, out=radius)
    sin, cos = _cephes_sincos(second.astype(np.float32) * TWO_PI_ULP)  # 2 pi * u rounded once, as torch's
    for half, column in ((cos, 0), (sin, 1)):
        half *= radius
        half += np.float32(0)  # torch's fmadd(n, std=1, mean=0): -0 becomes +0
        _rows_of_8(out)[:, column] = half.view(ROW_OF_8)


ROW_OF_8 = np.dtype((np.void, 32))  # eight float32 or int32 as one item: a half row is copied in one pass
TWO_PI_ULP = np.float32(2.0 * math.pi) * np.float32(2**-24)  # exact: float32 2 pi times a power of 2


def _rows_of_8(blocks):
    """Rows of 16 four-byte numbers as (rows, 2) items of 8 numbers each."""
    return blocks.view(ROW_OF_8)


# Cephes' single-precision constants, as avx_mathfun.h has them
LOG_POLYNOMIAL = (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1,
                  -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1)
LN2_LOW, LN2_HIGH = np.float32(-2.12194440e-4), np.float32(0.693359375)  # ln 2 in two parts
SQRT_HALF_MANTISSA = 0x3504F3  # the mantissa bits of float32 sqrt(1/2) = 0.707106781186547524
FOUR_OVER_PI = np.float32(1.27323954473516)
PI_OVER_4_PARTS = (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8)
COS_POLYNOMIAL = (2.443315711809948E-005, -1.388731625493765E-003, 4.166664568298827E-002)
SIN_POLYNOMIAL = (-1.9515295891E-4, 8.3321608736E-3, -1.6666654611E-1)


def _as_float32_constants(coefficients):
    """Float32 constants held in float64, for the float64 arithmetic of _fma32."""
    return [float(np.float32(c)) for c in coefficients]


LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL, PI_OVER_4_PARTS = map(
    _as_float32_constants, (LOG_POLYNOMIAL, COS_POLYNOMIAL, SIN_POLYNOMIAL, PI_OVER_4_PARTS))
# The three parts of pi/4 add up exactly in float64 (their bits span 2**-1 to 2**-48), and so do their
# multiples by an even octant of at most 8 and the sum with the angle: Cephes' three fused steps of the
# reduction round only at the last one, where one float64 sum and one rounding give the same bits.
PI_OVER_4 = sum(PI_OVER_4_PARTS)

# Where every result of a fused multiply-add lies in one binade [2**e, 2**(e + 1)) (as these name
# for the polynomial steps that have one; tests/engine/test_random_bits.py checks all 2**24 uniforms),
# adding M = 1.5 * 2**(e + 29) rounds the exact float64 sum once to float32's spacing there, 2**(e - 23),
# ties to even, and subtracting M again is exact: the float32 result in float64, with no conversions.
LOG_LAST_BINADE, COS_BINADES, SIN_BINADES = (-2,), (-10, -5), (-7, -3)


def _fma32(a, b, c, binade=None):
    """float32 a * b + c rounded once, as an FMA instruction does, from float64 operands holding float32
    values; a float32 array, or float64 holding float32 values when given the results' binade. The
    product is exact in float64. Without a binade, the float64 sum is rounded to float32: right unless
    that sum was rounded to a value exactly halfway between two float32 (rounded twice), which never
    happens for the inputs this module gives it: tests/engine/test_random_bits.py checks every one of the
    2**24 possible uniforms against kernels.fma, which corrects those cases at a cost randn need not pay."""
    total = a * b
    if binade is None:
        total += c
        return total.astype(np.float32)
    magic = 1.5 * 2.0 ** (binade + 29)
    total += c + magic  # exact: c is a multiple of the spacing, and magic's own spacing is that spacing
    total -= magic
    return total


def _polynomial(x, coefficients, binades=()):
    """Horner's rule with an FMA per step, on float64 x holding float32 values; the results of the last
    steps lie in the given binades (see _fma32). The float32 result, in float64."""
    binades = (None,) * (len(coefficients) - 1 - len(binades)) + tuple(binades)
    y = _fma32(x, coefficients[0], coefficients[1], binades[0])
    for coefficient, binade in zip(coefficients[2:], binades[1:]):
        y = _fma32(_wide(y), x, coefficient, binade)
    return _wide(y)


def _wide(y):
    """Float32 values in float64 (as they are when a step on a known binade made them)."""
    return y if y.dtype == np.float64 else y.astype(np.float64)


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
    y = _polynomial(m_wide, LOG_POLYNOMIAL, LOG_LAST_BINADE).astype(np.float32)
    y *= m
    y = _fma32(_wide(y), _wide(m_squared), _wide(exponent * LN2_LOW))
    # The last two fused multiply-adds multiply exactly in float32 (by 1/2, and a 9-bit constant by a small
    # integer): a float32 multiply and add round as they do.
    m_squared *= np.float32(0.5)
    y -= m_squared
    y += m
    exponent *= LN2_HIGH
    y += exponent
    return y


def _reduced(x):
    """The even octant of float32 x >= 0 (x / (pi/4) truncated, rounded up to even) and x minus that many
    pi/4, as Cephes' three fused steps round it (once, at the last: see PI_OVER_4)."""
    octant = (x * FOUR_OVER_PI).astype(np.int32)
    octant += 1
    octant &= ~1
    reduced = octant.astype(np.float64)
    reduced *= PI_OVER_4
    reduced += _wide(x)
    return octant, reduced.astype(np.float32)


def _cephes_sincos(x):
    """sin and cos of float32 x >= 0: reduced by multiples of pi/4 (in three parts, for precision), then one
    of two polynomials each, chosen by the octant."""
    octant, x = _reduced(x)
    sin_sign = (octant & 4) << 29
    cos_sign = (octant + 2) & 4  # octant is even: the same as Cephes' ~(octant - 2) & 4
    cos_sign <<= 29
    swap = octant << 30
    swap >>= 31  # all bits set where the polynomials swap roles (octant & 2)
    z = x * x
    z_wide = z.astype(np.float64)
    near_cos = _polynomial(z_wide, COS_POLYNOMIAL, COS_BINADES).astype(np.float32)
    near_cos *= z
    half_z = z_wide * -0.5
    near_cos = _fma32(_wide(near_cos), z_wide, half_z)
    near_cos += np.float32(1)
    near_sin = _polynomial(z_wide, SIN_POLYNOMIAL, SIN_BINADES).astype(np.float32)
    near_sin *= z
    x_wide = _wide(x)
    near_sin = _fma32(_wide(near_sin), x_wide, x_wide)
    sin, cos = near_sin.view(np.int32), near_cos.view(np.int32)
    swapped = sin ^ cos
    swapped &= swap
    sin ^= swapped
    sin ^= sin_sign
    cos ^= swapped
    cos ^= cos_sign
    return sin.view(np.float32), cos.view(np.float32)


default_generator = Generator()
