"""The C library's own functions on arrays (gradcli/engine/clibrary.py): what the library returns, bit for bit,
through NumPy only where NumPy's function was seen to give the same bits."""

import math

import numpy as np
import pytest

from gradcli.engine import clibrary


def c_library_function(name, arguments, ctype):
    function = getattr(clibrary._load_c_library(), name)
    function.restype, function.argtypes = ctype, [ctype] * arguments
    return function


@pytest.mark.skipif(clibrary._load_c_library() is None, reason="no C library to load")
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
    got = clibrary.c_function(name, numpy_function, arguments, dtype)(*operands)
    c = c_library_function(name, arguments, ctypes.c_double if dtype == np.float64 else ctypes.c_float)
    want = np.array([c(*(float(x[i]) for x in operands)) for i in range(operands[0].size)], dtype)
    bits = f"u{np.dtype(dtype).itemsize}"
    assert got.dtype == dtype and bool(np.all((got.view(bits) == want.view(bits)) | (np.isnan(got) & np.isnan(want))))
    assert np.ndim(clibrary.c_function(name, numpy_function, arguments, dtype)(*(x[0] for x in operands))) == 0


@pytest.mark.skipif(clibrary._load_c_library() is None, reason="no C library to load")
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
    exp = clibrary.c_function("exp", numpy_exp)
    x = np.linspace(-5, 5, 10_000)
    assert exp(x).tobytes() == np.fromiter(map(math.exp, x.tolist()), np.float64).tobytes()
    assert calls == ([4096, 10_000] if numpy_is_the_library else [4096])
