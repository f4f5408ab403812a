"""gradcli.grading.seeded draws exactly NumPy's numbers: np.random.default_rng(seed)'s random, permuted and
integers, for the seeds a problem's points use ([seed, crc32 of its name], and a third word 1 for probing),
longer seeds (words beyond SeedSequence's pool of four), every draw size that switches between stepping one
output at a time and computing many together, and draws that follow one another on one generator (a 32-bit
draw keeps half of a 64-bit output for the next)."""

import numpy as np
import pytest

from gradcli.grading import seeded

SEEDS = [[0, 0], [0, 12345], [7, 2**32 - 1, 1], [2**32, 3], [2**70 + 3, 99], [1, 2, 3, 4, 5, 6], [2**64 - 1]]


def ranks(count, shape):
    return np.broadcast_to(np.arange(count).reshape(count, *(1,) * len(shape)), (count, *shape))


@pytest.mark.parametrize("words", SEEDS)
def test_the_draws_a_problem_makes_are_numpys(words):
    ours, numpys = seeded.Generator(*words), np.random.default_rng(words)
    for shape in [(), (3,), (2, 2), (1, 3, 2)]:
        for count in (0, 1, 2, 10, 33):
            mine, theirs = ours.permutations(count, shape), numpys.permuted(ranks(count, shape), axis=0)
            assert mine.dtype == theirs.dtype and mine.shape == theirs.shape and (mine == theirs).all()
            size = (count, *shape)
            assert (ours.random(size) == numpys.random(size)).all()  # the same float64 bits


@pytest.mark.parametrize("words", SEEDS)
@pytest.mark.parametrize("count", [0, 1, seeded.STEPPED, seeded.STEPPED + 1, 1000, 4096, 5000])
def test_many_numbers_at_once_are_numpys_and_leave_its_state(words, count):
    ours, numpys = seeded.Generator(*words), np.random.default_rng(words)
    assert (ours.random(count) == numpys.random(count)).all()
    assert (ours.random(7) == numpys.random(7)).all()  # the state after the batch
    assert (ours.random(count) == numpys.random(count)).all()


@pytest.mark.parametrize("words", SEEDS)
@pytest.mark.parametrize("high", [1, 2, 3, 37, 4096, 2**31 + 11])
def test_integers_are_numpys(words, high):
    ours, numpys = seeded.Generator(*words), np.random.default_rng(words)
    ours.permutations(5), numpys.permuted(np.arange(5))  # an odd number of 32-bit draws: half an output kept
    for count in (0, 1, 5, 40):
        mine, theirs = ours.integers(0, high, count), numpys.integers(0, high, count)
        assert mine.dtype == theirs.dtype and (mine == theirs).all()
    assert (ours.random(3) == numpys.random(3)).all()
