"""Small sums take a short path (reduce._short_rows: at most one cascade level, a dozen NumPy calls); it must
give the general path's bits (the general path's own bits are checked against torch in test_sum_layouts.py
and the goldens) on every row length up to two blocks of float32 vectors, and for every axis set of small
tensors, with the special values a training loop can meet."""

import itertools

import numpy as np
import pytest

from gradcli.engine import reduce
from gradcli.engine.reduce import torch_mean, torch_sum

SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 3.4e38, -3.4e38, 1e-45, 1e300]


def values(rng, shape, dtype):
    """Random terms over twelve orders of magnitude, some rows all -0.0, and special values sprinkled in."""
    a = rng.standard_normal(shape) * 10.0 ** rng.uniform(-6, 6, shape)
    flat = a.reshape(-1)
    picks = rng.integers(0, flat.size, size=flat.size // 50) if flat.size else []
    for i in picks:
        flat[i] = SPECIALS[i % len(SPECIALS)]
    with np.errstate(over="ignore"):
        return a.astype(dtype)


def same_bits(got, want):
    """Identical bits, except that a NaN's sign and payload are free (x86 passes on the first NaN operand's,
    and no printed or compared result shows them)."""
    got, want = np.asarray(got), np.asarray(want)
    if got.dtype != want.dtype or got.shape != want.shape:
        return False
    nan = np.isnan(got)
    return np.array_equal(nan, np.isnan(want)) and got[~nan].tobytes() == want[~nan].tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_short_rows_match_the_general_path_on_every_length(dtype):
    rng = np.random.default_rng(13)
    lanes = reduce.VECTOR_BYTES // np.dtype(dtype).itemsize
    with np.errstate(all="ignore"):
        for n in range(2101):
            rows = values(rng, (4, n), dtype)
            rows[1] = -0.0  # torch's accumulators start at +0: a row of -0.0 sums to +0.0
            rows[2] = rng.integers(-3, 4, n)  # exact small integers: any order gives the same, except 0's sign
            assert same_bits(reduce._short_rows(rows, lanes), reduce._inner_rows(rows, lanes)), n


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_short_column_sums_match_the_row_sum_on_every_length(dtype):
    """A sum over an outer dim of few columns is a row_sum down each column: on the short path, each column
    is a row of one lane."""
    rng = np.random.default_rng(17)
    with np.errstate(all="ignore"):
        for n in range(1, 1100):  # (an empty sum never gets here)
            columns = values(rng, (n, 1, 3), dtype)
            columns[:, 0, 1] = -0.0
            assert same_bits(reduce._column_row_sums(columns), reduce.row_sum(columns)), n


SHAPES = [(1,), (7,), (1, 1), (3, 7), (2, 9), (5, 33), (64, 10), (2, 1000), (17, 300), (2, 3, 4), (3, 1, 17),
          (4, 5, 40), (2, 70, 9), (1, 600, 3)]


def axis_sets(ndim):
    yield None
    for size in range(ndim + 1):
        yield from itertools.combinations(range(ndim), size)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_small_tensors_sum_as_on_the_general_path(shape, dtype, monkeypatch):
    rng = np.random.default_rng(len(shape) * 1000 + shape[-1])
    x = values(rng, shape, dtype)
    cases = [(axis, keepdims) for axis in axis_sets(len(shape)) for keepdims in (False, True)]
    with np.errstate(all="ignore"):
        short = [(torch_sum(x, axis, keepdims), torch_mean(x, axis, keepdims)) for axis, keepdims in cases]
        monkeypatch.setattr(reduce, "SHORT_VECTORS", 0)
        general = [(torch_sum(x, axis, keepdims), torch_mean(x, axis, keepdims)) for axis, keepdims in cases]
    for (axis, keepdims), (s, m), (gs, gm) in zip(cases, short, general):
        assert same_bits(s, gs) and same_bits(m, gm), (axis, keepdims)


def test_the_short_path_covers_one_cascade_level_and_no_more():
    """SHORT_VECTORS groups of four vectors stay below 16 blocks of 16, so the cascade never reaches a
    second level; 2100 float32 elements reach both the one-level body and its leftover."""
    groups = reduce.SHORT_VECTORS // 4 - 1
    assert reduce._level_step(groups) == reduce.BLOCK and groups // reduce.BLOCK < reduce.BLOCK
    assert 2100 // 8 // 4 > reduce.BLOCK and 2100 // 8 // 4 % reduce.BLOCK
