"""Exact fused multiply-add for NumPy arrays, as torch's AVX2 kernels compute it.

torch's kernels compiled for AVX2 use FMA (the compiler contracts ``a * b + c`` in scalar code,
and the vector code calls it directly): ``a * b + c`` rounded once.  NumPy has no FMA ufunc,
so it is emulated exactly here with array arithmetic:

- float32: the product of two floats is exact in float64; the float64 sum ``p + c`` is
  rounded *to odd* (its last bit set when the addition was inexact, found with TwoSum), and a
  round-to-odd result with 53 bits rounds to 24 bits exactly as the true sum would.
- float64: Boldo and Melquiond's emulation: the exact product as a pair (Dekker's TwoProduct),
  TwoSum with ``c``, the two low parts added with rounding to odd, then one rounded addition.
"""

import numpy as np


def _two_sum(a, b):
    """s = fl(a + b) and the exact error a + b - s."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _round_to_odd(s, err):
    """Turn s = fl(x) with x = s + err into x rounded to odd: the neighbour toward x with an odd last bit."""
    bits = s.view(np.uint64) if s.dtype == np.float64 else s.view(np.uint32)
    inexact = (err != 0) & ((bits & 1) == 0)
    toward = np.where(err > 0, np.inf, -np.inf).astype(s.dtype)
    return np.where(inexact, np.nextafter(s, toward), s)


_SPLIT = 134217729.0  # 2**27 + 1: Veltkamp's splitting constant for float64


def _two_product(a, b):
    """p = fl(a * b) and the exact error a * b - p (no overflow handling: fine for kernel ranges)."""
    p = a * b
    ca, cb = _SPLIT * a, _SPLIT * b
    ah, bh = ca - (ca - a), cb - (cb - b)
    al, bl = a - ah, b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def fma(a, b, c):
    """a * b + c rounded once, elementwise, in the dtype of the operands (float32 or float64)."""
    a, b, c = np.broadcast_arrays(*np.atleast_1d(a, b, c))
    dtype = np.result_type(a, b, c)
    with np.errstate(over="ignore", invalid="ignore"):
        if dtype == np.float32:
            s, err = _two_sum(a.astype(np.float64) * b.astype(np.float64), c.astype(np.float64))
            out = _round_to_odd(s, err).astype(np.float32)
            plain = a * b + c  # inf/nan and overflow behave as in a plain evaluation
        else:
            a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
            high, low = _two_product(a, b)
            top, rest = _two_sum(c, high)
            odd_low = _round_to_odd(*_two_sum(rest, low))
            out = top + odd_low
            plain = a * b + c
    return np.where(np.isfinite(out), out, plain)
