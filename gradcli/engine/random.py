"""PyTorch's CPU random stream: a Mersenne Twister (NumPy's MT19937 with torch's 32-bit seeding) and the
transforms torch's CPU kernels apply, so that after torch.manual_seed(s) the same calls give the same values.

rand and randn (float32 and float64, any size) are bit-identical to torch: larger float32 randn tensors go
through torch's AVX2 Box-Muller, whose polynomial log and sincos are reproduced here operation by operation.

The float32 Box-Muller is in _normal_avx2.py.
"""

import math

import numpy as np

from .kernels import fma
from .clibrary import c_function

DEFAULT_SEED = 67280421310721  # torch's default_rng_seed_val: runs are reproducible from the start


class Generator:
    def __init__(self, seed=DEFAULT_SEED):
        self.manual_seed(seed)

    def manual_seed(self, seed):
        self._seed = int(seed)
        self._seeded_bits = self._draws = None  # made on first use: numpy.random takes longer to import
        self._next_normal = None  # Box-Muller makes two samples; torch keeps the second for the next call
        return self

    @property
    def _bits(self):
        if self._seeded_bits is None:
            from numpy.random import MT19937

            self._seeded_bits = MT19937(0)
            self._seeded_bits._legacy_seeding(self._seed & 0xFFFFFFFF)  # torch seeds its mt19937 with 32 bits
        return self._seeded_bits

    def _low_24_bits(self, count):
        """count draws' low 24 bits, as int32: k of torch's float32 uniform k * 2**-24 (exact: 24 bits fit).
        RandomState's randint keeps them with a mask, one 32-bit draw each, faster than random_raw's 64-bit
        array cast and masked here; it shares the bit generator, so the stream is the same."""
        if self._draws is None:
            from numpy.random import RandomState

            self._draws = RandomState(self._bits)
        return self._draws.randint(0, 1 << 24, count, dtype=np.int32)

    def initial_seed(self):
        return self._seed

    def get_state(self):
        """An opaque snapshot (torch returns a ByteTensor; gradcli's state is the generator's own). Until a
        number is drawn the seed is the whole state, so the REPL's snapshots do not load numpy.random."""
        bits_state = self._seeded_bits.state if self._seeded_bits is not None else None
        return self._seed, bits_state, self._next_normal

    def set_state(self, state):
        self._seed, bits_state, self._next_normal = state
        self._seeded_bits = self._draws = None
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
            from . import _normal_avx2  # (here: most commands draw no such tensor)

            room = _normal_avx2.Room(min(count, NORMAL_CHUNK) // 2)
            draw = self._low_24_bits

            def box_muller(blocks, out):
                _normal_avx2.box_muller(blocks, out, room)
        else:
            box_muller, draw = _box_muller, lambda size: self.uniform(size, dtype)
        data = np.empty(count, dtype)
        whole = count - count % 16
        for start in range(0, whole, NORMAL_CHUNK):
            stop = min(start + NORMAL_CHUNK, whole)
            box_muller(draw(stop - start).reshape(-1, 16), data[start:stop].reshape(-1, 16))
        if count % 16:  # torch draws the last values' uniforms, then redraws the last 16 from fresh ones
            draw(count % 16)
            box_muller(draw(16).reshape(1, 16), data[count - 16:].reshape(1, 16))
        if mean != 0.0 or std != 1.0:
            data = _scaled(data, dtype.type(std), dtype.type(mean))
        return data

    def exponential(self, count, np_dtype):
        """Exp(1) as torch's CPU exponential_ draws it, element by element: -log1p(-u) in double precision from
        a 53-bit uniform u, then cast to the dtype."""
        return (-C_LOG1P(-self.uniform(count, np.float64))).astype(np_dtype)

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


C_LOG, C_SIN, C_COS = c_function("log", np.log), c_function("sin", np.sin), c_function("cos", np.cos)
C_LOG1P = c_function("log1p", np.log1p)
NORMAL_CHUNK = RANDOM_CHUNK = 64 * 1024  # elements: their intermediates fit the CPU caches


def _scaled(z, std, mean):
    """z * std + mean rounded once, as torch's normal kernels compute it (an FMA in the AVX2 build)."""
    return fma(z, std, mean)


def _box_muller(blocks, out):
    """Rows of 16 uniforms to the 8 + 8 normals that replace them: the first 8 give the radii, the last 8 the
    angles (torch's normal_fill_16 for float64, with the C library's log, sin and cos)."""
    radius = np.sqrt(-2 * C_LOG(1 - blocks[:, :8]))
    theta = blocks.dtype.type(2.0 * math.pi) * blocks[:, 8:]
    np.add(radius * C_COS(theta), 0, out=out[:, :8])  # + mean 0: -0 becomes +0, as in torch
    np.add(radius * C_SIN(theta), 0, out=out[:, 8:])


default_generator = Generator()
