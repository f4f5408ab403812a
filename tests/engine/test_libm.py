"""glibc's float functions (gradcli/engine/libm.py) bit for bit as the C library computes them (goldens:
tests/golden/gen_libm_bits.py, recorded from glibc 2.36 on x86-64), and where torch's kernels use them."""

import math
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


def c_library_function(name, arguments, ctype):
    import ctypes
    function = getattr(libm._load_c_library(), name)
    function.restype, function.argtypes = ctype, [ctype] * arguments
    return function


@pytest.mark.skipif(libm._load_c_library() is None, reason="no C library to load")
@pytest.mark.parametrize("name, numpy_function, arguments, dtype", [
    ("exp", np.exp, 1, np.float64), ("pow", np.power, 2, np.float64), ("sinh", np.sinh, 1, np.float64),
    ("log", np.log, 1, np.float64), ("atan2", np.arctan2, 2, np.float64), ("asinhf", np.arcsinh, 1, np.float32)])
def test_c_function_is_the_c_library_itself(name, numpy_function, arguments, dtype):
    """c_function gives what the C library returns (through NumPy only where NumPy's function was seen to be the
    library's; on AVX-512 CPUs NumPy's own kernels differ), overflow, poles and domain errors included (where
    Python's math raises, the library is called through ctypes)."""
    import ctypes
    rng = np.random.default_rng(7)
    operands = [np.concatenate([rng.uniform(-30, 30, 500), [0.0, -0.0, 1000.0, -1000.0, np.inf, -np.inf, np.nan]])
                .astype(dtype) for _ in range(arguments)]
    got = libm.c_function(name, numpy_function, arguments, dtype)(*operands)
    c = c_library_function(name, arguments, ctypes.c_double if dtype == np.float64 else ctypes.c_float)
    want = np.array([c(*(float(x[i]) for x in operands)) for i in range(operands[0].size)], dtype)
    bits = f"u{np.dtype(dtype).itemsize}"
    assert got.dtype == dtype and bool(np.all((got.view(bits) == want.view(bits)) | (np.isnan(got) & np.isnan(want))))
    assert np.ndim(libm.c_function(name, numpy_function, arguments, dtype)(*(x[0] for x in operands))) == 0


@pytest.mark.skipif(libm._load_c_library() is None, reason="no C library to load")
@pytest.mark.parametrize("numpy_is_the_library", [True, False])
def test_numpys_function_serves_only_where_it_gives_the_librarys_bits(numpy_is_the_library):
    """Checked once, on 4,096 probe values: NumPy's function (one vectorised call) where it gives the library's
    results there, else the library element by element."""
    import ctypes
    calls, library_exp = [], np.frompyfunc(c_library_function("exp", 1, ctypes.c_double), 1, 1)

    def numpy_exp(x):
        calls.append(np.size(x))
        exact = library_exp(x).astype(np.float64)
        return exact if numpy_is_the_library else np.nextafter(exact, np.inf)  # one ulp off: not the library's
    exp = libm.c_function("exp", numpy_exp)
    x = np.linspace(-5, 5, 10_000)
    assert exp(x).tobytes() == np.fromiter(map(math.exp, x.tolist()), np.float64).tobytes()
    assert calls == ([4096, 10_000] if numpy_is_the_library else [4096])
