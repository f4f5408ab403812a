"""Sums and means of large float32/float64 arrays bit for bit as torch 2.13 (goldens: tests/golden/gen_sum_layouts.py):
every level of the cascade, rows summed in chunks, rows read through one view of their blocks' heads, long
columns through np.add.reduce, each checked against torch and against the plain two-view form of a level."""

import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided

from gradcli.engine import mkl, mkl_linalg, reduce
from gradcli.engine.reduce import torch_mean, torch_sum

from bitexact_goldens import generator_and_outputs

GENERATOR, TORCH = generator_and_outputs("gen_sum_layouts", "sum_layouts")


def same_bits(got, want):
    got, want = np.asarray(got), np.asarray(want)
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


def reduced(name):
    _, _, dim, op = GENERATOR.CASES[name]
    return {"sum": torch_sum, "mean": torch_mean}[op](GENERATOR.case_input(name), dim)


@pytest.mark.parametrize("name", list(GENERATOR.CASES))
def test_large_sums_match_torch(name):
    assert same_bits(reduced(name), TORCH[name])


def test_the_cases_reach_the_paths_they_name():
    """Four levels in the flat sum; rows in more than one chunk; a leftover that takes the heads view."""
    assert reduce._level_step(2**21 // 32) ** 3 < 2**21 // 32
    rows_per_chunk = reduce.ROWS_CHUNK_BYTES // (1000 * 4)
    assert 1 < 5000 / rows_per_chunk
    assert 1000 // 8 // 4 % 16 == 15 and 966 // 8 // 4 % 16 == 14 and 784 // 8 // 4 % 16 == 8
    assert reduce._contiguous_run(np.zeros((1000, 3000), np.float32)[None], 1) >= reduce.LONG_RUN


@pytest.mark.parametrize("name", ["rows of 1000", "rows of 966", "rows of 500 float64"])
def test_heads_view_gives_the_two_views_sums(name, monkeypatch):
    """The heads of every block in one view, continued term by term, equal the blocks and the leftover summed
    apart (what the code does when the leftover is far from a full block)."""
    views = []
    monkeypatch.setattr(reduce, "as_strided", lambda *args, **kwargs: views.append(args) or as_strided(*args, **kwargs))
    fast = reduced(name)
    assert views  # the heads view was taken
    monkeypatch.setattr(reduce, "HEADS_GAP", -1)
    assert same_bits(fast, reduced(name))


@pytest.mark.parametrize("name", ["columns of 3000", "columns of 1000 float64", "middle dim"])
def test_add_reduce_on_long_runs_adds_as_einsum(name, monkeypatch):
    fast = reduced(name)
    monkeypatch.setattr(reduce, "LONG_RUN", 10**9)
    assert same_bits(fast, reduced(name))


def test_chunked_rows_give_the_unchunked_sums(monkeypatch):
    chunked = reduced("rows of 1000")
    monkeypatch.setattr(reduce, "ROWS_CHUNK_BYTES", 10**12)
    assert same_bits(chunked, reduced("rows of 1000"))


@pytest.mark.parametrize("shape, axis", [((70001, 4, 8), 0), ((3, 20000, 4, 8), 1), ((5, 3000, 7), 1), ((2, 3, 40000), 2),
                                         ((9000, 1, 16), 0)], ids=str)
def test_a_contiguous_cascade_sums_as_a_strided_one(shape, axis):
    """A C-contiguous input is summed as (before, terms, after) with axes of one dropped; a strided view of the
    same values keeps its shape: the bits agree."""
    rng = np.random.default_rng(sum(shape))
    padded = (rng.standard_normal(shape[:-1] + (shape[-1] + 1,)) * 10.0 ** rng.uniform(-6, 6)).astype(np.float32)
    strided = padded[..., :-1]
    assert not strided.flags.c_contiguous
    assert same_bits(reduce.cascade(np.ascontiguousarray(strided), axis), reduce.cascade(strided, axis))


needs_mkl = pytest.mark.skipif(mkl.library() is None, reason="MKL is not installed")


@needs_mkl
@pytest.mark.parametrize("shape, dtype, dim", [((10**6 + 7,), np.float32, None), ((3, 2**21 + 5), np.float32, 1),
                                               ((400003,), np.float64, None), ((2**20, 40), np.float32, 0),
                                               ((2**18, 24), np.float64, 0)], ids=str)
def test_mkl_block_sums_give_einsums_bits(shape, dtype, dim, monkeypatch):
    """Where MKL is loaded, a cascade's block sums come from its batched gemm (ones @ block): the bits of einsum's
    sums, slice after slice (values spread over 12 decades, so that another order would round differently)."""
    rng = np.random.default_rng(sum(shape))
    x = (rng.standard_normal(shape) * 10.0 ** rng.uniform(-6, 6, shape)).astype(dtype)
    calls = []
    in_order = mkl_linalg.sums_in_order
    monkeypatch.setattr(mkl_linalg, "sums_in_order", lambda *args: calls.append(args) or in_order(*args))
    by_mkl = torch_sum(x, dim)
    assert calls and all(call[0].size >= reduce.MKL_TERMS for call in calls)
    with mkl.disabled():
        assert same_bits(by_mkl, torch_sum(x, dim))


@needs_mkl
def test_mkl_is_trusted_only_where_it_was_seen_adding_in_order(monkeypatch):
    """MKL's kernel, not its documentation, decides the order: each (dtype, rows, width) is checked once against a
    plain loop, and widths that are not a multiple of 8 are never sent (MKL's remainder columns add otherwise)."""
    stack = np.ones((4, 16, 32), np.float32)
    assert mkl_linalg.sums_in_order(np.ones((4, 16, 7), np.float32), np.empty((4, 7), np.float32)) is None
    monkeypatch.setattr(mkl_linalg, "_in_order", {})
    monkeypatch.setattr(mkl_linalg, "_gemm_sums", lambda gemm, ones, stack, out: np.add(stack[:, ::-1].sum(1), 0, out=out))
    assert mkl_linalg.sums_in_order(stack, np.empty((4, 32), np.float32)) is None  # (a sum from the last row)
    assert mkl_linalg._in_order == {(np.dtype(np.float32), 16, 32): None}
