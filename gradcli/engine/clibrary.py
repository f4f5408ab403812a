"""The C library's own double functions (and the float ones libm.py does not reimplement), on arrays.

torch's scalar loops call the C library's double functions (std::exp, std::pow, ... on a tail, or on every element
where its Vectorized<> maps std::asinh and the like), and the float ones not reimplemented in libm.py (asinhf,
acoshf).  NumPy's own functions are not the C library's on every CPU: with AVX-512 it computes float64 exp, pow, sinh,
... and float32 asinh with SIMD code of its own, which rounds differently from glibc in about 5% of elements.  So
NumPy's function serves only where it was seen to give the library's bits (checked once, on probe values); elsewhere
the library torch calls is called one element at a time: through Python's math module, which calls it (0.07 us an
element), and where math raises instead of returning inf or NaN (overflow, a pole, outside the domain) or has no such
function (float ones), through ctypes (0.3 us).  Where no C library can be loaded, NumPy's function stands in.  For log
(float64 randn's), glibc's own algorithm is run in NumPy instead, its table read from the library (glibc_log.py).
"""

import functools
import importlib
import math

import numpy as np

_C_TYPES = {np.dtype(np.float64): "c_double", np.dtype(np.float32): "c_float"}
# The library's own algorithm in NumPy, its tables read from the library (0.03 us an element), where one is written
# and gives the library's bits (the module's vectorised(library handle, one_by_one, probes, their results)): for
# arrays of EMULATED_FROM elements or more (for fewer, the module's import and its checks would cost more).
EMULATIONS = {("log", np.dtype(np.float64)): "glibc_log"}
EMULATED_FROM = 4096
_UNLOADED = object()
_c_library = _UNLOADED


def c_function(name, fallback, arguments=1, dtype=np.float64):
    """The C library's ``name`` (a double function, or a float one with ``dtype`` float32) on arrays of ``arguments``
    operands broadcast together, elementwise.  ``fallback`` is NumPy's function of the same name: used instead
    where it gives the library's bits on every value of _probes (checked at the first call), and where no C
    library is loaded.  Where it does not, an emulation of the library's own algorithm in EMULATIONS serves if it
    gives the library's bits, else the library is called element by element."""
    dtype = np.dtype(dtype)
    in_math = getattr(math, name, None) if dtype == np.float64 else None  # (math.exp2: Python 3.11 on)
    through_ctypes = numpy_is_the_library = emulated = None

    def one_by_one(*operands):
        nonlocal through_ctypes
        if in_math is not None:
            operands = np.broadcast_arrays(*operands)
            try:  # (map over Python floats: 15% faster than np.frompyfunc)
                values = map(in_math, *(x.ravel().tolist() for x in operands))
                return np.fromiter(values, dtype, operands[0].size).reshape(operands[0].shape)
            except (OverflowError, ValueError):
                pass
        if through_ctypes is None:
            through_ctypes = _through_ctypes(name, arguments, dtype) or (lambda *xs: fallback(*xs).astype(dtype))
        return through_ctypes(*operands)

    def apply(*operands):
        nonlocal numpy_is_the_library, emulated
        operands = [np.asarray(x, dtype) for x in operands]
        with np.errstate(all="ignore"):
            if numpy_is_the_library is None:
                probes = _probes(dtype, arguments)
                numpy_is_the_library = _same_bits(fallback(*probes), one_by_one(*probes))
            if numpy_is_the_library:
                function = fallback
            else:
                if emulated is None and max(x.size for x in operands) >= EMULATED_FROM:
                    emulated = _emulation(name, dtype, one_by_one) or one_by_one
                function = emulated or one_by_one
            result = np.asarray(function(*operands), dtype)
        return result[()] if result.ndim == 0 else result
    apply.__name__ = name
    return apply


def _emulation(name, dtype, one_by_one):
    """The EMULATIONS function of the C library's ``name`` that gives its bits, or None."""
    module = EMULATIONS.get((name, dtype))
    if module is None or _library() is None:
        return None
    probes = _probes(dtype, 1)
    return importlib.import_module(f"{__package__}.{module}").vectorised(_library(), one_by_one, *probes,
                                                                          one_by_one(*probes))


@functools.lru_cache(maxsize=None)
def _probes(dtype, arguments):
    """4,096 values (for two operands, paired with a permutation of them) where NumPy's own kernels, where it has
    them, differ from the C library's in about 5% of elements: [-10, 10], magnitudes 2**-30 to 2**30 of either
    sign, (-1, 1) and [1, 3]."""
    steps = np.arange(1024)
    values = np.concatenate([np.linspace(-10, 10, 1024), np.exp2(steps % 61 - 30.0) * np.where(steps % 2, 1, -1)
                             * (1 + steps / 1024), np.linspace(-0.999, 0.999, 1024), np.linspace(1, 3, 1024)])
    values = values.astype(dtype)
    return (values,) if arguments == 1 else (values, values[np.arange(values.size) * 1031 % values.size])


def _same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b, a.dtype)
    return bool(np.all((a.view(f"u{a.itemsize}") == b.view(f"u{a.itemsize}")) | (np.isnan(a) & np.isnan(b))))


def _library():
    """The C library's ctypes handle, loaded at the first call; None where there is none."""
    global _c_library
    if _c_library is _UNLOADED:
        _c_library = _load_c_library()
    return _c_library


def _through_ctypes(name, arguments, dtype):
    import ctypes
    if _library() is None:
        return None
    function = getattr(_library(), name)
    function.restype = getattr(ctypes, _C_TYPES[dtype])
    function.argtypes = [function.restype] * arguments
    return np.frompyfunc(function, arguments, 1)


def _load_c_library():
    import ctypes
    import ctypes.util
    try:
        return ctypes.CDLL("libm.so.6")  # glibc's: what torch's Linux wheels link
    except OSError:
        name = ctypes.util.find_library("m")  # (it runs ldconfig or a compiler: only where the first fails)
    try:
        return ctypes.CDLL(name) if name else None
    except OSError:
        return None
