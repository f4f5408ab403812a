"""float32 ``x ** n`` bit for bit as torch 2.13's AVX2 pow kernel computes it: SLEEF's powf on 16-element blocks,
double pow on the rest of each contiguous run (goldens: tests/golden/gen_pow_bits.py)."""

from pathlib import Path

import numpy as np
import pytest

import gradcli.torch as torch
from gradcli.engine import sleef

with np.load(Path(__file__).resolve().parents[1] / "golden" / "bitexact" / "pow.npz") as data:
    GOLDEN = {key: data[key] for key in data.files}
EXPONENTS = sorted({key.split("|")[0] for key in GOLDEN if "|" in key}, key=float)


def exponent(text):
    return int(text) if float(text).is_integer() else float(text)


def same_bits(got, want):
    """Equal bits, any NaN matching any NaN (torch's NaN payloads are not part of the contract)."""
    return got.dtype == want.dtype and got.shape == want.shape and bool(
        np.all((got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))))


@pytest.mark.parametrize("e", EXPONENTS)
def test_contiguous_powers_match_torch(e):
    assert same_bits((torch.tensor(GOLDEN["x"]) ** exponent(e)).numpy(), GOLDEN[f"{e}|x"])


@pytest.mark.parametrize("e", EXPONENTS)
def test_every_length_splits_blocks_and_tail_as_torch(e):
    x = GOLDEN["x"]
    for n in range(1, 41):
        assert same_bits((torch.tensor(x[-n:].copy()) ** exponent(e)).numpy(), GOLDEN[f"{e}|short{n}"]), n


@pytest.mark.parametrize("e", EXPONENTS)
def test_strided_inputs_split_as_torch(e):
    m = torch.tensor(GOLDEN["matrix"])
    for name, view in (("transposed", m.t()), ("every_other_column", m[:, ::2]), ("first_15_columns", m[:, :15])):
        assert same_bits((view ** exponent(e)).numpy(), GOLDEN[f"{e}|{name}"]), name


def test_blocks_are_sleefs_powf_and_the_tail_double_pow():
    x, want = GOLDEN["x"], GOLDEN["4|x"]
    body = len(x) // 16 * 16
    double_pow = np.power(x.astype(np.float64), 4.0).astype(np.float32)
    assert same_bits(sleef.powf_u10(x[:body], 4), want[:body]) and not same_bits(double_pow[:body], want[:body])
    assert same_bits(double_pow[body:], want[body:])
