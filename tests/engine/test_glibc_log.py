"""glibc's double log through NumPy (gradcli/engine/glibc_log.py), its table read from the loaded C library:
bit for bit what the library returns, on 10**7 values."""

import ctypes
import math
import platform

import numpy as np
import pytest

from gradcli.engine import clibrary, glibc_log

ON_GLIBC = (platform.system() == "Linux" and platform.machine() == "x86_64" and platform.libc_ver()[0] == "glibc"
            and clibrary._load_c_library() is not None)
needs_glibc = pytest.mark.skipif(not ON_GLIBC, reason="glibc's libm on Linux x86-64 only")


def library_log(x):
    """The C library's log of each element: math.log (which calls it) where it does not raise, else through ctypes."""
    c_log = clibrary._library().log
    c_log.restype, c_log.argtypes = ctypes.c_double, [ctypes.c_double]
    return np.array([math.log(v) if v > 0 else c_log(v) for v in np.ravel(x).tolist()], np.float64)


def many_values(rng, count=10**7):
    """At least ``count`` values: 1 - u for uniform u (Box-Muller's), around 1 (the near-1 path and its window's edges),
    every positive normal exponent, the edges of the 128 table subintervals, subnormals, zeros, negatives, infinities
    and NaN."""
    near_1_edges = np.concatenate([np.float64(edge).view(np.uint64) + np.arange(-2000, 2000, dtype=np.int64)
                                   .astype(np.uint64) for edge in (1 - 2.0**-4, 1.0, 1 + float.fromhex("0x1.09p-4"))])
    exponents = rng.integers(1, 2047, 2_600_000, dtype=np.uint64) << np.uint64(52)
    wide = exponents | rng.integers(0, 1 << 52, exponents.size, dtype=np.uint64)
    # z = OFF + i 2**45 starts subinterval i; its neighbours, at exponents across the range
    starts = (glibc_log.OFF + (np.arange(1 << glibc_log.TABLE_BITS, dtype=np.uint64) << np.uint64(45)))
    shifts = (np.arange(-1020, 1020, 7, dtype=np.int64) << 52).astype(np.uint64)
    offsets = np.arange(-3, 4, dtype=np.int64).astype(np.uint64)
    edges = (starts[:, None, None] + shifts[None, :, None] + offsets[None, None, :]).ravel()
    subnormals = rng.integers(1, 1 << 52, 100_000, dtype=np.uint64)
    bits = np.concatenate([near_1_edges, wide, edges, subnormals, subnormals | np.uint64(1 << 63)])
    values = np.concatenate([bits.view(np.float64), 1 - rng.random(5_000_000),
                             rng.uniform(1 - 2.0**-3, 1 + 2.0**-3, 2_000_000), rng.uniform(-1e3, 0, 10_000),
                             [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, 2.0**-1022, np.finfo(np.float64).max]])
    assert values.size >= count
    return values


def emulation_of(log):
    """The function a c_function serves large arrays with where NumPy's is not the library's (None: the library,
    one by one)."""
    emulated = dict(zip(log.__code__.co_freevars, (c.cell_contents for c in log.__closure__)))["emulated"]
    return None if emulated is None or getattr(emulated, "__name__", "") == "one_by_one" else emulated


LARGE = np.full(clibrary.EMULATED_FROM, 0.5)  # the size from which c_function tries the emulation


@pytest.fixture(scope="module")
def log():
    """c_function's log, with a NumPy log one ulp off so that the emulation serves on every CPU."""
    return clibrary.c_function("log", lambda x: np.nextafter(np.log(x), np.inf))


def test_a_few_elements_go_to_the_library_without_the_emulation_being_tried():
    """Scalars (a calculator's) would pay for the validation and gain nothing."""
    log = clibrary.c_function("log", lambda x: np.nextafter(np.log(x), np.inf))
    log(np.full(clibrary.EMULATED_FROM - 1, 0.5))
    assert dict(zip(log.__code__.co_freevars, (c.cell_contents for c in log.__closure__)))["emulated"] is None


@needs_glibc
def test_the_table_is_found_in_glibc_and_the_fma_build_chosen_where_the_cpu_has_fma(log):
    log(LARGE)
    emulation = emulation_of(log)
    assert emulation is not None and emulation.func is glibc_log._emulate
    flags = next(line for line in open("/proc/cpuinfo") if line.startswith("flags")).split()
    assert emulation.keywords["fused"] == ("fma" in flags and "avx2" in flags)  # glibc's ifunc picks by these


@needs_glibc
def test_ten_million_values_bit_for_bit(log):
    values = many_values(np.random.default_rng(2026))
    for chunk in np.array_split(values, 10):
        got, want = log(chunk), library_log(chunk)
        same = (got.view(np.uint64) == want.view(np.uint64)) | (np.isnan(got) & np.isnan(want))
        assert same.all(), [v.hex() for v in chunk[~same][:5]]


@needs_glibc
def test_the_library_is_called_only_near_rounding_boundaries_and_for_special_values(monkeypatch):
    calls, c_log = [], math.log

    def counted_log(x):
        calls.append(1)
        return c_log(x)
    monkeypatch.setattr(math, "log", counted_log)
    log = clibrary.c_function("log", lambda x: np.nextafter(np.log(x), np.inf))
    log(LARGE)
    calls.clear()
    x = 1 - np.random.default_rng(3).random(10**6)
    assert log(x).tobytes() == np.array([math.log(v) for v in x.tolist()]).tobytes()
    assert 0 < len(calls) - x.size < x.size / 100  # besides the reference's: 1 in 300 or so


@needs_glibc
@pytest.mark.parametrize("spoil", ["pattern", "table", "polynomial"])
def test_without_the_right_table_the_library_is_called_element_by_element(monkeypatch, spoil):
    """No __log_data found, or one that does not give the library's bits: no emulation, and still the library's
    results."""
    monkeypatch.setattr(glibc_log, "_accepted", {})
    if spoil == "pattern":
        monkeypatch.setattr(glibc_log, "_ln2_parts", lambda: (0.5, 0.25))
    else:
        candidates = glibc_log._candidates

        def spoiled(path):
            found = candidates(path)
            for d in found:
                if spoil == "table":
                    d.invc[77] *= 1 + 2.0**-40
                else:
                    d.poly[2] *= 1.01
            return found
        monkeypatch.setattr(glibc_log, "_candidates", spoiled)
    log = clibrary.c_function("log", lambda x: np.nextafter(np.log(x), np.inf))
    x = np.concatenate([1 - np.random.default_rng(4).random(10_000), [0.0, -1.0, np.inf]])
    got = log(x)
    assert emulation_of(log) is None
    assert np.array_equal(got, library_log(x), equal_nan=True)
