"""Exact fused multiply-add for NumPy arrays, as torch's AVX2 kernels compute it.

torch's kernels compiled for AVX2 use FMA (the compiler contracts ``a * b + c`` in scalar code,
and the vector code calls it directly): ``a * b + c`` rounded once.  NumPy has no FMA ufunc,
so it is emulated exactly here with array arithmetic:

- float32: the product of two floats is exact in float64, and so is the float64 sum ``p + c``
  unless it rounds; rounding it again to float32 can only go wrong when the float64 sum lies exactly
  half-way between two floats.  Those sums are rounded *to odd* instead (last bit set when the
  addition was inexact, found with TwoSum), which then rounds to 24 bits as the true sum would.
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
    dtype = np.result_type(a, b, c)
    with np.errstate(over="ignore", invalid="ignore"):
        if dtype == np.float32:
            out = _fma32(np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64))
        else:
            a, b, c = np.broadcast_arrays(*(np.asarray(v, np.float64) for v in (a, b, c)))
            high, low = _two_product(a, b)
            top, rest = _two_sum(c, high)
            out = top + _round_to_odd(*_two_sum(rest, low))
        if not np.all(np.isfinite(out)):  # inf/nan and overflow behave as in a plain evaluation
            out = np.where(np.isfinite(out), out, np.asarray(a * b + c, out.dtype))
    return out


_DROPPED = np.uint64((1 << 29) - 1)  # the float64 mantissa bits that rounding to float32 drops
_MIDPOINT = np.uint64(1 << 28)


def _fma32(a, b, c):
    """Float32 FMA from float64 operands: the product is exact; the sum is rounded twice only when
    it lands exactly half-way between two floats, and only those sums are corrected (to odd)."""
    product = a * b
    total = product + c
    shape = np.shape(total)  # 0-d operands give a 0-d result, as the other float32 kernels do
    total = np.atleast_1d(total)
    ties = (total.view(np.uint64) & _DROPPED) == _MIDPOINT
    if ties.any():
        total[ties] = _round_to_odd(*_two_sum(np.broadcast_to(product, total.shape)[ties],
                                              np.broadcast_to(c, total.shape)[ties]))
    return total.astype(np.float32).reshape(shape)


# ---- float32 elementwise functions as torch's AVX2 build computes them --------------------------------------
# torch applies a function to a contiguous float32 array in steps of two 8-lane vectors and to the last
# n % 16 elements with the scalar C library function.  On the x86-64 wheels (built with MKL) exp, log,
# sin, cos, tan, tanh, sqrt and erf go to MKL's vector math library instead, whose algorithms are not
# public: for those, the float64 result rounded to float32 is the closest public stand-in (see the README
# table).  sigmoid uses SLEEF's expf (Sleef_expf8_u10, FMA throughout), reproduced here exactly.

VECTOR_BLOCK = 16


def _f32(value):
    return np.float32(value)


def pow2(q, dtype=np.float32):
    """2**q for integers q in the normal range of ``dtype`` (float32 or float64), made from the bits."""
    dtype = np.dtype(dtype)
    integer = np.int32 if dtype == np.float32 else np.int64
    return ((np.asarray(q).astype(integer) + (np.finfo(dtype).maxexp - 1)) << np.finfo(dtype).nmant).view(dtype)


def sleef_expf(d):
    """SLEEF's expf_u10 on float32 lanes: q = round(d / ln 2), Cody-Waite reduction, a degree-6
    polynomial evaluated with FMA, then scaling by 2**q in two exact halves."""
    with np.errstate(over="ignore", invalid="ignore"):
        q = np.rint(d * _f32(1.442695040888963407359924681001892137426645954152985934135449406931))
        s = fma(q, _f32(-0.693145751953125), d)
        s = fma(q, _f32(-1.428606765330187045e-06), s)
        u = np.full_like(s, _f32(0.000198527617612853646278381))
        for c in (0.00139304355252534151077271, 0.00833336077630519866943359, 0.0416664853692054748535156,
                  0.166666671633720397949219, 0.5):
            u = fma(u, s, _f32(c))
        u = _f32(1) + fma(s * s, u, s)
        q = np.where(np.isfinite(q), q, 0).astype(np.int32)
        half = q >> 1
        u = u * pow2(half) * pow2(q - half)
        u = np.where(d < -104, _f32(0), u)
        u = np.where(d > 100, _f32(np.inf), u)
        return np.where(np.isnan(d), d, u)


def correctly_rounded(f64_function):
    """A float32 function as the float64 one rounded to float32 (exact but for rare double roundings)."""
    def apply(x):
        return f64_function(np.asarray(x, np.float64)).astype(np.float32)
    return apply


def by_blocks(vector_fn, scalar_fn):
    """``vector_fn`` on whole 16-element blocks, ``scalar_fn`` on the rest, as torch's loops split an array: its
    axes in memory order, the innermost ones that are contiguous merged into runs, each run split into blocks
    and a tail of n % 16 elements; an array whose innermost axis is strided goes to ``scalar_fn`` whole."""
    def apply(x):
        x = np.asarray(x, np.float32)
        axes = [i for i in np.argsort([-abs(s) for s in x.strides], kind="stable") if x.shape[i] != 1]
        view = x.transpose(axes + [i for i in range(x.ndim) if x.shape[i] == 1])[(...,) + (0,) * (x.ndim - len(axes))]
        run = 1
        for size, stride in zip(view.shape[::-1], view.strides[::-1]):
            if stride != run * x.itemsize:
                break
            run *= size
        runs = np.ascontiguousarray(view).reshape(-1, run)
        body = run // VECTOR_BLOCK * VECTOR_BLOCK
        out = np.empty_like(runs)
        out[:, :body] = vector_fn(runs[:, :body])
        out[:, body:] = scalar_fn(runs[:, body:])
        out = out.reshape(view.shape).transpose(np.argsort(axes)) if axes else out.reshape(())
        return np.ascontiguousarray(out).reshape(x.shape)
    return apply


exp_scalar = correctly_rounded(np.exp)  # glibc's expf: correctly rounded in all but rare cases


def _sigmoid_lanes(exp):
    def lanes(x):
        with np.errstate(over="ignore"):
            return _f32(1) / (_f32(1) + exp(-x))
    return lanes


# torch's sigmoid kernel: 1 / (1 + exp(-x)) in float32, SLEEF's exp in the vectors, expf in the tail.
sigmoid32 = by_blocks(_sigmoid_lanes(sleef_expf), _sigmoid_lanes(exp_scalar))


def by_dtype(numpy_function, **kernels):
    """``kernels[name]`` for arrays of the dtype so named (float32=..., float64=...), ``numpy_function`` else."""
    kernels = {np.dtype(name): kernel for name, kernel in kernels.items()}  # dtype.name is slow to read

    def apply(a):
        return kernels.get(a.dtype, numpy_function)(a)
    return apply


def via_float64(numpy_function):
    """``numpy_function`` evaluated in float64 and rounded for float32 arrays, as is for other dtypes."""
    return by_dtype(numpy_function, float32=correctly_rounded(numpy_function))
