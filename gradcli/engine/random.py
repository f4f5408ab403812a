"""PyTorch's CPU random stream: a Mersenne Twister (NumPy's MT19937 with torch's 32-bit seeding) and the
transforms torch's CPU kernels apply, so that after torch.manual_seed(s) the same calls give the same values.

rand (float32 and float64) and randn of fewer than 16 elements are bit-identical to torch; larger randn
tensors go through torch's 16-wide Box-Muller, whose float32 sin/cos/log may differ from NumPy's by 1 ulp.
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
            raw = self._bits.random_raw(count).astype(np.uint64)
            return ((raw & np.uint64(2**24 - 1)).astype(np.float64) * 2.0**-24).astype(np.float32)
        raw = self._bits.random_raw(2 * count).astype(np.uint64)
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
        precision), else in blocks of 16 (z * std + mean in the dtype)."""
        if count < 16:
            return np.array([mean + std * self._normal_scalar() for _ in range(count)], dtype=np_dtype)
        if mean != 0.0 or std != 1.0:
            data = self.normal(count, np_dtype)
            return data * data.dtype.type(std) + data.dtype.type(mean)
        data = self.uniform(count, np_dtype)
        for start in range(0, count - 15, 16):
            _box_muller_16(data, start)
        if count % 16:  # torch redraws the last 16 values from fresh uniforms
            data[count - 16:] = self.uniform(16, np_dtype)
            _box_muller_16(data, count - 16)
        return data

    def permutation(self, n):
        """torch's CPU randperm (below 2**32 / 20 elements): Fisher-Yates, swapping i and i + random() % (n - i)."""
        perm = np.arange(n)
        offsets = self._bits.random_raw(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint64)
        for i, offset in enumerate(offsets.tolist()):
            j = i + offset
            perm[i], perm[j] = perm[j], perm[i]
        return perm


def _box_muller_16(data, start):
    u1, u2 = 1 - data[start:start + 8], data[start + 8:start + 16]
    radius, theta = np.sqrt(-2 * np.log(u1)), data.dtype.type(2.0 * math.pi) * u2
    data[start:start + 8], data[start + 8:start + 16] = radius * np.cos(theta), radius * np.sin(theta)


default_generator = Generator()
