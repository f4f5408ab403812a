"""Float32/float64 results bit for bit as torch 2.13 computes them (goldens: tests/golden/gen_bitexact.py)."""

from pathlib import Path

import numpy as np
import pytest

from gradcli.engine import dtypes, factory
from gradcli.engine.factory import tensor as torch_tensor
from gradcli.engine.nn_functional import nll_loss
from gradcli.engine.kernels import sigmoid32
from gradcli.engine.reduce import torch_mean, torch_softmax, torch_sum

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "bitexact"


def load(corpus):
    with np.load(GOLDEN / f"{corpus}.npz") as data:
        return {key: data[key] for key in data.files}


def same_bits(got, want):
    got, want = np.asarray(got), np.asarray(want)
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


REDUCTIONS = load("reductions")
REDUCTION_KEYS = sorted(k for k in REDUCTIONS if k.startswith("out|"))


@pytest.mark.parametrize("key", REDUCTION_KEYS)
def test_reduction_matches_torch(key):
    _, op, dtype, number, axis, keepdim = key.split("|")
    x = REDUCTIONS[f"in|{dtype}|{number}"]
    axis = None if axis == "None" else eval_axis(axis)
    fn = {"sum": torch_sum, "mean": torch_mean}[op]
    got = fn(x, axis, keepdims=keepdim == "True")
    assert same_bits(got, REDUCTIONS[key]), (got, REDUCTIONS[key])


def eval_axis(text):
    """'2' -> 2, '(0, 1)' -> (0, 1)."""
    numbers = tuple(int(part) for part in text.strip("()").split(",") if part.strip())
    return numbers if text.startswith("(") else numbers[0]


RANGES = load("ranges")
RANGE_KEYS = sorted(k[:-len("|out")] for k in RANGES if k.endswith("|out"))


@pytest.mark.parametrize("key", RANGE_KEYS)
def test_range_factory_matches_torch(key):
    op, dtype, _ = key.split("|")
    a, b, c = RANGES[key + "|args"].tolist()
    got = getattr(factory, op)(a, b, c if op == "arange" else int(c), dtype=getattr(dtypes, dtype))
    assert same_bits(got.numpy(), RANGES[key + "|out"])


def test_sigmoid_float32_matches_torch():
    data = load("elementwise")
    assert same_bits(sigmoid32(data["sigmoid|in"]), data["sigmoid|out"])


def test_sigmoid_float32_of_large_negative_inputs_is_zero_as_in_torch():
    assert same_bits(sigmoid32(np.full(16, -90, np.float32)), np.zeros(16, np.float32))


SOFTMAX_KEYS = sorted(k[:-len("|in")] for k in load("elementwise") if k.startswith("softmax") and k.endswith("|in"))


@pytest.mark.parametrize("key", SOFTMAX_KEYS)
def test_softmax_float32_over_the_last_dim_matches_torch(key):
    data = load("elementwise")
    assert same_bits(torch_softmax(data[key + "|in"], -1), data[key + "|out"])


NLL_BATCHES = sorted({k.split("|")[0] for k in load("elementwise") if k.startswith("nll")})


@pytest.mark.parametrize("batch", NLL_BATCHES)
@pytest.mark.parametrize("reduction", ["mean", "sum"])
def test_nll_loss_reductions_match_torch(batch, reduction):
    data = load("elementwise")
    got = nll_loss(torch_tensor(data[batch + "|logp"]), torch_tensor(data[batch + "|target"]), reduction=reduction)
    assert same_bits(got.numpy(), data[f"{batch}|{reduction}"])
