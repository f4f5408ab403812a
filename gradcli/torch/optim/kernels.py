"""The in-place float kernels torch's single-tensor optimizers call (add_ with alpha, addcmul_, addcdiv_, lerp_),
rounded as torch's CPU kernels round them, so float32 updates match torch bit for bit.

torch's compiled kernels fuse a*b + c into one multiply-add (one rounding), in the vector and the scalar loops
alike. Here the fused step runs in a wider type: a float32 product is exact in float64, so rounding the float64
sum to float32 gives the fused result (float64 tensors use long double, which is close but not exact).
"""

import numpy as np


def _wide(a):
    return np.float64 if a.dtype == np.float32 else np.longdouble


def _store(x, values):
    np.copyto(x._data, values, casting="unsafe")
    x._bump_version()


def _arrays(*tensors):
    return [np.broadcast_to(t._data, tensors[0]._data.shape) for t in tensors]


def add_(x, other, alpha):
    """x += alpha * other (fused)."""
    a, b = _arrays(x, other)
    wide = _wide(a)
    _store(x, wide(a.dtype.type(alpha)) * b.astype(wide) + a.astype(wide))


def addcmul_(x, t1, t2, value):
    """x += value * t1 * t2: (value * t1) rounded, then fused with * t2 + x."""
    a, b, c = _arrays(x, t1, t2)
    wide = _wide(a)
    _store(x, (a.dtype.type(value) * b).astype(wide) * c.astype(wide) + a.astype(wide))


def addcdiv_(x, t1, t2, value):
    """x += value * t1 / t2 (nothing left to fuse: every step rounds)."""
    a, b, c = _arrays(x, t1, t2)
    _store(x, a + a.dtype.type(value) * b / c)


def lerp_(x, end, weight):
    """x moves weight of the way to end, from whichever end is nearer, as torch's lerp (fused)."""
    a, b = _arrays(x, end)
    wide = _wide(a)
    w = a.dtype.type(weight)
    d = (b - a).astype(wide)
    if abs(weight) < 0.5:
        _store(x, wide(w) * d + a.astype(wide))
    else:
        _store(x, b.astype(wide) - d * wide(a.dtype.type(1) - w))
