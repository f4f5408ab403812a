"""The seeded generator a problem's sample points are drawn with: NumPy's `np.random.default_rng(seed)`
(SeedSequence, PCG64 and the Generator methods the grader calls), reproduced number for number without
importing numpy.random, whose import (its legacy RandomState, four bit generators, `secrets` and OpenSSL's
hashlib) was a tenth of `import numpy` at every `gradcli check`'s start. tests/check/test_seeded.py compares
every method with NumPy's on many seeds and sizes.

The algorithms are NumPy's published ones (numpy/random: bit_generator.pyx, pcg64.h, distributions.c):
- SeedSequence: the seed's 32-bit words hashed into a pool of four words, the pool hashed into the state.
- PCG64: a 128-bit linear congruential generator; each 64-bit output is the XOR of the new state's halves
  rotated by its top six bits (XSL-RR). A 32-bit draw takes the low half of a 64-bit output and keeps the
  high half for the next 32-bit draw.
- random(): an output's top 53 bits over 2**53. permuted(): a Fisher-Yates shuffle of each lane along the
  axis, each index drawn by rejection under a bit mask from 32-bit draws. integers(): Lemire's bounded
  multiplication of 32-bit draws.

A few outputs are stepped one by one with Python integers (the stream is sequential, and a problem draws
some ten numbers a variable); many at once (probing's 4,096) are the k-th states computed together:
state_k = M**k * state + (M**(k-1) + ... + 1) * increment (mod 2**128), with 128-bit numbers held as four
32-bit limbs in uint64 arrays.
"""

from __future__ import annotations

import functools
import math

import numpy as np

MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645  # PCG's default 128-bit multiplier
BITS32, BITS64, BITS128 = 2**32 - 1, 2**64 - 1, 2**128 - 1
STEPPED = 150  # outputs up to which stepping one by one costs less than the array arithmetic (~0.15 ms)

# SeedSequence's hashing constants
INIT_A, MULT_A, INIT_B, MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715
POOL_SIZE = 4
MIXED = tuple((source, target) for source in range(POOL_SIZE) for target in range(POOL_SIZE) if source != target)


class Generator:
    """`np.random.default_rng([seed...])` for ints >= 0: the same numbers from random, permuted and integers."""

    def __init__(self, *seed):
        words = []  # each int as SeedSequence splits it: 32-bit words, the low one first, at least one
        for number in seed:
            words.append(number & BITS32)
            while number := number >> 32:
                words.append(number & BITS32)
        state = _seed_state(words)
        initial, sequence = state[0] << 64 | state[1], state[2] << 64 | state[3]
        self.increment = (sequence << 1 | 1) & BITS128
        self.state = ((self.increment + initial) * MULTIPLIER + self.increment) & BITS128
        self.kept32 = None  # the high half of a 64-bit output, for the next 32-bit draw

    def random(self, shape):
        """Floats uniform on [0, 1): an array of `shape` (an int or a tuple)."""
        count = shape if isinstance(shape, int) else math.prod(shape)
        if count > STEPPED:
            return ((self._outputs(count) >> np.uint64(11)).astype(np.float64) * 2.0**-53).reshape(shape)
        state, increment, drawn = self.state, self.increment, []
        for _ in range(count):
            state = (state * MULTIPLIER + increment) & BITS128
            drawn.append((_xsl_rr(state) >> 11) * 2.0**-53)  # exact: an int below 2**53 times a power of two
        self.state = state
        return np.array(drawn).reshape(shape)

    def permutations(self, count, shape=()):
        """`permuted(ranks, axis=0)` of ranks = arange(count) broadcast to (count, *shape) along axis 0: a
        permutation of range(count) for each element of `shape`, shuffled one after another in C order."""
        orders = [self._shuffled(count) for _ in range(math.prod(shape))]
        return np.array(orders[0] if not shape else orders, dtype=np.int64).T.reshape(count, *shape)

    def integers(self, low, high, count):
        """`count` int64s uniform on [low, high), high - low below 2**32 (one value: no draw)."""
        bound = high - low
        if bound == 1:
            return np.full(count, low, dtype=np.int64)
        threshold = (2**32) % bound
        drawn = []
        for _ in range(count):
            product = self._next32() * bound
            while product & BITS32 < threshold:
                product = self._next32() * bound
            drawn.append(low + (product >> 32))
        return np.array(drawn, dtype=np.int64)

    def _shuffled(self, count):
        """range(count) shuffled by Fisher-Yates from the end; index 0 too, which takes 0 without a draw."""
        order = list(range(count))
        for i in range(count - 1, 0, -1):
            mask = (1 << i.bit_length()) - 1  # j uniform on [0, i]: 32-bit draws under the smallest mask covering i
            while (j := self._next32() & mask) > i:
                pass
            order[i], order[j] = order[j], order[i]
        return order

    def _next32(self):
        if self.kept32 is not None:
            value, self.kept32 = self.kept32, None
            return value
        self.state = (self.state * MULTIPLIER + self.increment) & BITS128
        output = _xsl_rr(self.state)
        self.kept32 = output >> 32
        return output & BITS32

    def _outputs(self, count):
        """The next `count` 64-bit outputs, a uint64 array, computed together."""
        powers, sums = _jump_tables(count)
        limbs = _carried(_products(powers, self.state, _products(sums, self.increment)))
        self.state = _number(limbs, -1)
        low, high = limbs[0] | limbs[1] << np.uint64(32), limbs[2] | limbs[3] << np.uint64(32)
        mixed, rotation = high ^ low, limbs[3] >> np.uint64(26)  # the state's top six bits
        return mixed >> rotation | mixed << ((np.uint64(64) - rotation) & np.uint64(63))


def _xsl_rr(state):
    mixed, rotation = ((state >> 64) ^ state) & BITS64, state >> 122
    return (mixed >> rotation | mixed << (64 - rotation)) & BITS64


def _seed_state(words):
    """SeedSequence(words).generate_state(4, np.uint64), as Python ints. Each hash XORs a value with a
    constant and multiplies it by the next constant (_hash_constants), then XORs in its own high half."""
    hashes = _hash_constants(INIT_A, MULT_A, POOL_SIZE * (POOL_SIZE + max(0, len(words) - POOL_SIZE)))
    pool = []
    for i in range(POOL_SIZE):
        value = ((words[i] if i < len(words) else 0) ^ hashes[i]) * hashes[i + 1] & BITS32
        pool.append(value ^ value >> 16)
    pool += words[POOL_SIZE:]  # words beyond the pool's size are hashed into each entry after the entries' own
    pairs = MIXED + tuple((source, target) for source in range(POOL_SIZE, len(pool)) for target in range(POOL_SIZE))
    for k, (source, target) in enumerate(pairs, POOL_SIZE):
        value = (pool[source] ^ hashes[k]) * hashes[k + 1] & BITS32
        value = (MIX_MULT_L * pool[target] - MIX_MULT_R * (value ^ value >> 16)) & BITS32
        pool[target] = value ^ value >> 16
    hashes = _hash_constants(INIT_B, MULT_B, 2 * 4)  # eight 32-bit words make four 64-bit ones
    state = []
    for i in range(2 * 4):
        value = (pool[i % POOL_SIZE] ^ hashes[i]) * hashes[i + 1] & BITS32
        state.append(value ^ value >> 16)
    return [state[2 * i] | state[2 * i + 1] << 32 for i in range(4)]


@functools.cache
def _hash_constants(initial, multiplier, count):
    """`count` + 1 constants of SeedSequence's hashes: each is the one before times `multiplier`."""
    constants = [initial]
    for _ in range(count):
        constants.append(constants[-1] * multiplier & BITS32)
    return tuple(constants)


# (M**k, M**(k-1) + ... + 1) for k = 0, 1, ..., as limbs: grown by _jump_tables
_tables = ([np.ones(1, dtype=np.uint64), *[np.zeros(1, dtype=np.uint64)] * 3], [np.zeros(1, dtype=np.uint64)] * 4)


def _jump_tables(count):
    """(M**k, M**(k-1) + ... + 1) for k = 1..count, as limbs. The tables double until they are long enough:
    with m entries, entry m + j is entry j advanced by m steps, (M**j * M**m, M**j * sum_m + sum_j)."""
    global _tables
    powers, sums = _tables
    while len(powers[0]) <= count:
        m = len(powers[0])
        sum_m = (_number(sums, -1) * MULTIPLIER + 1) & BITS128
        powers, sums = ([np.concatenate(pair) for pair in zip(powers, _carried(_products(powers, pow(MULTIPLIER, m, 2**128))))],
                        [np.concatenate(pair) for pair in zip(sums, _carried(_products(powers, sum_m, sums)))])
        _tables = (powers, sums)
    return [limb[1:count + 1] for limb in powers], [limb[1:count + 1] for limb in sums]


def _number(limbs, index):
    """The Python int at `index` of limbs."""
    return sum(int(limb[index]) << (32 * i) for i, limb in enumerate(limbs))


def _products(limbs, factor, columns=None):
    """The columns of limbs * factor (mod 2**128; `factor` a Python int), added to `columns`: column k holds
    the low halves of the limb products of weight k and the high halves of those of weight k - 1."""
    columns = columns or [np.uint64(0)] * 4
    factors = [np.uint64(factor >> (32 * i) & BITS32) for i in range(4)]
    columns = list(columns)
    for i in range(4):
        for j in range(4 - i):
            product = limbs[i] * factors[j]
            columns[i + j] = columns[i + j] + (product & np.uint64(BITS32))
            if i + j < 3:
                columns[i + j + 1] = columns[i + j + 1] + (product >> np.uint64(32))
    return columns


def _carried(columns):
    """Limbs of 32 bits from columns of sums (mod 2**128)."""
    limbs, carry = [], np.uint64(0)
    for column in columns:
        column = column + carry
        limbs.append(column & np.uint64(BITS32))
        carry = column >> np.uint64(32)
    return limbs
