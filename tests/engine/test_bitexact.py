"""Float32/float64 results bit for bit as torch 2.13 computes them (goldens: tests/golden/gen_bitexact.py)."""

import math
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine import dtypes, factory
from gradcli.engine.factory import tensor as torch_tensor
from gradcli.engine.nn_functional import l1_loss, mse_loss, nll_loss
from gradcli.engine.ops.pointwise import sigmoid_kernel as sigmoid32
from gradcli.engine.reduce import torch_mean, torch_norm, torch_prod, torch_softmax, torch_sum, torch_var

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "bitexact"


def load(corpus):
    with np.load(GOLDEN / f"{corpus}.npz") as data:
        return {key: data[key] for key in data.files}


def same_bits(got, want):
    got, want = np.asarray(got), np.asarray(want)
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


REDUCTIONS = load("reductions")
REDUCTION_KEYS = sorted(k for k in REDUCTIONS if k.startswith("out|"))


REDUCE_FUNCTIONS = {
    "sum": torch_sum, "mean": torch_mean, "prod": torch_prod,
    "norm2": lambda x, axis, keepdims: torch_norm(x, 2, axis, keepdims),
    "norm1": lambda x, axis, keepdims: torch_norm(x, 1, axis, keepdims),
    "norminf": lambda x, axis, keepdims: torch_norm(x, math.inf, axis, keepdims),
    "var": lambda x, axis, keepdims: torch_var(x, axis, 1.0, keepdims),
    "std0": lambda x, axis, keepdims: torch_var(x, axis, 0.0, keepdims, take_sqrt=True),
    "softmax": lambda x, axis, keepdims: torch_softmax(x, axis),
}


@pytest.mark.parametrize("key", REDUCTION_KEYS)
def test_reduction_matches_torch(key):
    _, op, dtype, number, axis, keepdim = key.split("|")
    x = REDUCTIONS[f"{'in_prod' if op == 'prod' else 'in'}|{dtype}|{number}"]
    axis = None if axis == "None" else eval_axis(axis)
    with np.errstate(divide="ignore", invalid="ignore"):
        got = REDUCE_FUNCTIONS[op](x, axis, keepdims=keepdim == "True")
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


LOSSES = load("losses")
NLL_KEYS = sorted(k[:-len("|out")] for k in LOSSES if k.startswith("nll|") and k.endswith("|out"))
PAIR_KEYS = sorted(k[:-len("|out")] for k in LOSSES if k.startswith("pair|") and k.endswith("|out"))


@pytest.mark.parametrize("key", NLL_KEYS)
def test_nll_loss_with_weights_ignored_rows_and_large_batches_matches_torch(key):
    _, dtype, batch, variant, reduction = key.split("|")
    case = f"nll|{dtype}|{batch}"
    target = LOSSES[case + "|target"].astype(np.int64)
    weight = torch_tensor(LOSSES[case + "|weight"]) if variant == "weight" else None
    if variant == "plain":
        target = np.where(target < 0, 0, target)
    got = nll_loss(torch_tensor(LOSSES[case + "|logp"]), torch_tensor(target), weight=weight, reduction=reduction)
    assert same_bits(got.numpy(), LOSSES[key + "|out"])


@pytest.mark.parametrize("key", PAIR_KEYS)
def test_loss_reductions_match_torch(key):
    _, dtype, number, loss, reduction = key.split("|")
    case = f"pair|{dtype}|{number}"
    fn = {"mse_loss": mse_loss, "l1_loss": l1_loss}[loss]
    got = fn(torch_tensor(LOSSES[case + "|x"]), torch_tensor(LOSSES[case + "|y"]), reduction=reduction)
    assert same_bits(got.numpy(), LOSSES[key + "|out"])
