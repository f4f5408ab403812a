"""SLEEF's log1p and expm1 (float32 and float64) and float32 logf (gradcli/engine/sleef.py), and the elementwise
kernels made of SLEEF's vector functions and the C library's scalar ones (sigmoid, exp2, sinh, cosh, atanh, sinc,
pow, atan2), bit for bit as torch 2.13's AVX2 kernels compute them (goldens: tests/golden/gen_sleef_bits.py)."""

from pathlib import Path

import numpy as np
import pytest

from bitexact_goldens import generator_and_outputs
from gradcli.engine import sleef
from gradcli.engine.reduce import torch_log_softmax
from gradcli.engine.rules import R

GENERATOR, GOLDEN = generator_and_outputs("gen_sleef_bits", "sleef")
FUNCTIONS = {("log1p", "float32"): sleef.log1pf_u10, ("expm1", "float32"): sleef.expm1f_u10,
             ("log1p", "float64"): sleef.log1p_u10, ("expm1", "float64"): sleef.expm1_u10}


def same_bits(got, want):
    """Equal bits, any NaN matching any NaN (torch's NaN payloads are not part of the contract)."""
    got, want = np.asarray(got), np.asarray(want)
    if got.dtype != want.dtype or got.shape != want.shape:
        return False
    unsigned = f"u{got.itemsize}"
    return bool(np.all((got.view(unsigned) == want.view(unsigned)) | (np.isnan(got) & np.isnan(want))))


@pytest.mark.parametrize("key", sorted(k[:-3] for k in GOLDEN if k.endswith("|in") and not k.startswith("log_softmax")))
def test_function_matches_torch(key):
    name, dtype = key.split("|")[:2]
    assert same_bits(FUNCTIONS[name, dtype](GOLDEN[key + "|in"]), GOLDEN[key + "|out"])


@pytest.mark.parametrize("key", sorted(k[:-3] for k in GOLDEN if k.startswith("log_softmax") and k.endswith("|in")))
def test_log_softmax_rows_match_torch(key):
    assert same_bits(torch_log_softmax(GOLDEN[key + "|in"], -1), GOLDEN[key + "|out"])


@pytest.mark.parametrize("key", sorted({k.rsplit("|", 2)[0] for k in GOLDEN if k.startswith("kernel|")}))
def test_kernel_matches_torch_on_blocks_tails_views_and_broadcasts(key):
    _, name, dtype = key.split("|")
    _, rule, numbers, _ = GENERATOR.KERNELS[name]
    for case in sorted({k.split("|")[3] for k in GOLDEN if k.startswith(key + "|")}):
        operands = [GOLDEN[f"{key}|{case}|in{i}"] for i in range(2) if f"{key}|{case}|in{i}" in GOLDEN]
        view = GENERATOR.VIEWS.get(case, lambda x: x)
        got = R[rule].forward(*(view(x) for x in operands), *numbers)
        assert same_bits(got, GOLDEN[f"{key}|{case}|out"]), f"{name} {dtype} {case}"


def test_any_shape_and_zero_dimensional_arrays_keep_their_shape():
    x = np.linspace(-0.5, 3, 12, dtype=np.float32).reshape(3, 4)
    assert sleef.log1pf_u10(x).shape == (3, 4)
    assert sleef.expm1f_u10(np.float32(0.5)).shape == () and sleef.log1p_u10(np.zeros((2, 0))).shape == (2, 0)
    assert same_bits(sleef.logf_u10(np.float32(1.0)), np.float32(0.0))
