"""glibc's float functions (gradcli/engine/libm.py) bit for bit as the C library computes them (goldens:
tests/golden/gen_libm_bits.py, recorded from glibc 2.36 on x86-64), and where torch's kernels use them."""

from pathlib import Path

import numpy as np
import pytest

from gradcli.engine import libm
from gradcli.engine.reduce import torch_softmax

with np.load(Path(__file__).resolve().parents[1] / "golden" / "bitexact" / "libm.npz") as data:
    GOLDEN = {key: data[key] for key in data.files}


def same_bits(got, want):
    """Equal bits, any NaN matching any NaN (NaN payloads are not part of the contract)."""
    return got.dtype == want.dtype and got.shape == want.shape and bool(
        np.all((got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))))


UNARY = sorted(key[:-3] for key in GOLDEN if key.endswith("|in"))
BINARY = sorted(key[:-4] for key in GOLDEN if key.endswith("|in0"))


@pytest.mark.parametrize("name", UNARY)
def test_function_matches_the_c_library(name):
    assert same_bits(getattr(libm, name)(GOLDEN[f"{name}|in"]), GOLDEN[f"{name}|out"])


@pytest.mark.parametrize("name", BINARY)
def test_function_of_two_floats_matches_the_c_library(name):
    assert same_bits(getattr(libm, name)(GOLDEN[f"{name}|in0"], GOLDEN[f"{name}|in1"]), GOLDEN[f"{name}|out"])


@pytest.mark.parametrize("name", UNARY)
def test_any_shape_is_kept(name):
    x = np.linspace(0.1, 3, 12, dtype=np.float32).reshape(3, 4)
    assert getattr(libm, name)(x).shape == (3, 4) and getattr(libm, name)(np.float32(0.5)).shape == ()


def test_expf_misses_the_correctly_rounded_value_where_glibc_does():
    # glibc's expf is within 0.502 ulp: on this input it rounds the other way than the exact value would
    x = GOLDEN["expf|in"][:20000]
    correctly_rounded = np.exp(x.astype(np.float64)).astype(np.float32)
    assert not np.array_equal(correctly_rounded, GOLDEN["expf|out"][:20000])


def test_softmax_off_the_last_dim_takes_its_tail_from_expf():
    x = np.array([[0.3, -1.7, 2.2], [1.1, 0.4, -0.6]], np.float32)
    shifted = x - x.max(0)
    e = libm.expf(shifted)
    assert same_bits(torch_softmax(x, 0), e / (e[0] + e[1]))
