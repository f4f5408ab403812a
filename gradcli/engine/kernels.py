"""Exact fused multiply-add for NumPy arrays, as torch's AVX2 kernels compute it.

torch's kernels compiled for AVX2 use FMA (the compiler contracts ``a * b + c`` in scalar code,
and the vector code calls it directly): ``a * b + c`` rounded once.  NumPy has no FMA ufunc,
so it is emulated exactly here with array arithmetic:

- float32: the product of two floats is exact in float64, and so is the float64 sum ``p + c``
  unless it rounds; rounding it again to float32 can only go wrong when the float64 sum lies exactly
  half-way between two floats.  Those sums are rounded *to odd* instead (last bit set when the
  addition was inexact, found with TwoSum), which then rounds to 24 bits as the true sum would.
- float64: Boldo and Melquiond's emulation: the exact product as a pair (Dekker's TwoProduct),
  TwoSum with ``c``, the two low parts added with rounding to odd, then one rounded addition.  Where the
  product is so small that its error term falls below the subnormals (rare: results near underflow), the
  elements are computed exactly with Python's rationals instead.
"""

import importlib
import math
import os
import struct
import sys

import numpy as np


def _two_sum(a, b):
    """s = fl(a + b) and the exact error a + b - s."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _round_to_odd(s, err):
    """Turn s = fl(x) with x = s + err into x rounded to odd: the neighbour toward x with an odd last bit."""
    integer = np.int64 if s.dtype == np.float64 else np.int32
    bits = s.view(integer)
    # one step toward x where s is even and inexact: up in magnitude when err has s's sign, else down
    # (s is never 0 when err is not); the sign bits' XOR, shifted, is 0 or -1, and | 1 makes it +1 or -1
    step = ((err.view(integer) ^ bits) >> (8 * s.itemsize - 1)) | 1
    return (bits + step * ((err != 0) & ((bits & 1) == 0))).view(s.dtype)


_SPLIT = 134217729.0  # 2**27 + 1: Veltkamp's splitting constant for float64
_TINY_PRODUCT = 2.0**-968  # below it, TwoProduct's error term (2**-106 of the product) is not exact


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
    if dtype == np.float32 and np.ndim(a) == np.ndim(b) == np.ndim(c) == 0:
        out = _fma32_scalar(float(a), float(b), float(c))  # a 0-d tensor's backward: Python floats, 3x cheaper
        if out is not None:
            return out
    with np.errstate(over="ignore", invalid="ignore"):
        if dtype == np.float32:
            out = _fma32(np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64))
        else:
            a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
            out = _fma64(a, b, c)
        if not np.all(np.isfinite(out)):  # inf/nan and overflow behave as in a plain evaluation
            out = np.where(np.isfinite(out), out, np.asarray(a * b + c, out.dtype))
    return out


def _fma64(a, b, c):
    """Boldo and Melquiond's exact float64 FMA (see the module docstring)."""
    high, low = _two_product(a, b)
    top, rest = _two_sum(c, high)
    out = top + _round_to_odd(*_two_sum(rest, low))
    if (np.abs(high) < _TINY_PRODUCT).any():
        out = _exact_where_tiny(a, b, c, out)
    return out


def _exact_where_tiny(a, b, c, out):
    """out with the elements whose product a * b is below _TINY_PRODUCT (but not 0) computed exactly."""
    from fractions import Fraction  # here: fractions imports decimal, 2% of every command's start-up

    a, b, c, out = np.broadcast_arrays(a, b, c, out)
    tiny = (np.abs(a * b) < _TINY_PRODUCT) & (a != 0) & (b != 0) & np.isfinite(c)
    out = np.array(out)
    out[tiny] = [float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a[tiny], b[tiny], c[tiny])]
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


def _fma32_scalar(a, b, c):
    """_fma32 on three floats, as a 0-d array; None where that needs the arrays (a half-way sum, inf or nan)."""
    total = a * b + c  # the product of two float32 values is exact in float64
    if not math.isfinite(total) or struct.unpack("<Q", struct.pack("<d", total))[0] & _DROPPED == _MIDPOINT:
        return None
    return np.array(total, np.float32)


# ---- which of torch's CPU builds: AVX2 or AVX512 -----------------------------------------------------------
# torch compiles its vectorised kernels once per capability and picks one at start-up (DispatchStub.cpp's
# compute_cpu_capability): ATEN_CPU_CAPABILITY when set, else AVX512 where the CPU has AVX-512 F, BW, VL and DQ
# with FMA, else AVX2.  The builds differ in the width of Vectorized<T> (32 or 64 bytes), so in which elements
# of a run take the vector lambda and how softmax's lanes fold.  gradcli follows the same choice, and the same
# variable (its tests set ATEN_CPU_CAPABILITY=avx2, the build most of their goldens come from); torch's default
# build (no AVX: scalar functions everywhere) is not reproduced: gradcli computes as the AVX2 build there.

CAPABILITY_REGISTER_BYTES = {"avx2": 32, "avx512": 64}


def torch_capability():
    """avx2 or avx512: the build torch 2.13 dispatches to here (an ATEN_CPU_CAPABILITY of default counts as avx2)."""
    chosen = os.environ.get("ATEN_CPU_CAPABILITY", "").lower()
    if chosen in CAPABILITY_REGISTER_BYTES:
        return chosen
    if chosen:
        return "avx2"
    try:
        from numpy._core._multiarray_umath import __cpu_features__ as features
    except ImportError:  # NumPy 1.x
        from numpy.core._multiarray_umath import __cpu_features__ as features
    wanted = ("AVX512F", "AVX512BW", "AVX512VL", "AVX512DQ", "FMA3")
    return "avx512" if all(features.get(name) for name in wanted) else "avx2"


def use_capability(name):
    """Compute as torch's ``name`` build (avx2 or avx512) from now on; returns the one used before."""
    global CAPABILITY, REGISTER_BYTES
    before, CAPABILITY = CAPABILITY, name
    REGISTER_BYTES = CAPABILITY_REGISTER_BYTES[name]  # Vectorized<T>::size() * sizeof(T)
    return before


CAPABILITY = REGISTER_BYTES = None
use_capability(torch_capability())


# ---- elementwise functions as torch's vectorised builds compute them --------------------------------------
# torch applies a function to a contiguous run in steps of two vectors (2 * REGISTER_BYTES: 16 floats on AVX2,
# 32 on AVX512) and to the last elements of the run with the scalar C library function.  On the x86-64 wheels
# (built with MKL) exp, log, sin, cos, tan, tanh, sqrt and erf go to MKL's vector math library instead
# (engine/mkl.py); without it, the float64 result rounded to float32 is the closest public stand-in (see the
# README table).


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


def _iteration_order(shape, strides):
    """The axes innermost first, as TensorIterator's reorder_dimensions sorts them: an insertion sort on the
    operands' strides (the first operand whose strides differ decides; stride-0 axes are skipped)."""
    order = list(range(len(shape)))[::-1]

    def should_swap(dim0, dim1):
        for operand in strides:
            stride0, stride1 = abs(operand[dim0]), abs(operand[dim1])
            if stride0 == 0 or stride1 == 0:
                continue
            if stride0 != stride1:
                return 1 if stride0 > stride1 else -1
            if shape[dim0] > shape[dim1]:
                return 1
        return 0
    for i in range(1, len(order)):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            comparison = should_swap(order[dim0], order[dim1])
            if comparison > 0:
                order[dim0], order[dim1] = order[dim1], order[dim0]
                dim1 = dim0
            elif comparison < 0:
                break
    return order


def by_blocks(vector_fn, scalar_fn):
    """``vector_fn`` on whole vector blocks, ``scalar_fn`` on the rest, as torch's cpu_kernel_vec splits its
    operands (arrays of one dtype, broadcast together): the axes in TensorIterator's order, the innermost ones
    every operand steps through evenly merged into runs; a run goes in blocks of two vectors and a scalar tail when
    its operands are contiguous (one of them may be a broadcast scalar), to ``scalar_fn`` whole otherwise."""
    def apply(*operands):
        operands = np.broadcast_arrays(*(np.asarray(x) for x in operands))
        shape, itemsize = operands[0].shape, operands[0].itemsize
        if operands[0].size == 0:
            return np.empty(shape, operands[0].dtype)
        kept = [i for i in range(len(shape)) if shape[i] != 1]
        order = [kept[i] for i in _iteration_order([shape[i] for i in kept],
                                                   [[x.strides[i] for i in kept] for x in operands])]
        inner = [x.strides[order[0]] if order else itemsize for x in operands]
        run = 1
        for axis in order:
            if any(x.strides[axis] != run * step for x, step in zip(operands, inner)):
                break
            run *= shape[axis]
        vectorised = set(inner) <= {0, itemsize} and inner.count(0) <= 1
        block = 2 * REGISTER_BYTES // itemsize
        body = run // block * block if vectorised else 0
        axes = order[::-1] + [i for i in range(len(shape)) if shape[i] == 1]
        runs = [np.ascontiguousarray(x.transpose(axes)).reshape(-1, run) for x in operands]
        out = np.empty(runs[0].shape, operands[0].dtype)
        if body:
            out[:, :body] = vector_fn(*(x[:, :body] for x in runs))
        if body < run:
            out[:, body:] = scalar_fn(*(x[:, body:] for x in runs))
        return np.ascontiguousarray(out.reshape([shape[i] for i in axes]).transpose(np.argsort(axes))).reshape(shape)
    return apply


def by_dtype(numpy_function, **kernels):
    """``kernels[name]`` when the (first) array has the dtype so named (float32=..., float64=...),
    ``numpy_function`` else."""
    kernels = {np.dtype(name): kernel for name, kernel in kernels.items()}  # dtype.name is slow to read

    def apply(a, *others):
        return kernels.get(a.dtype, numpy_function)(a, *others)
    return apply


def via_float64(numpy_function):
    """``numpy_function`` evaluated in float64 and rounded for float32 arrays, as is for other dtypes."""
    return by_dtype(numpy_function, float32=correctly_rounded(numpy_function))


class KernelModule:
    """One of the engine's kernel modules (sleef, libm, reduce, gemm: a fifth of its code, which most commands never
    run) as the op tables name its functions at import: ``sleef.logf_u10`` stands for that function and imports
    the module at its first call; once the module is imported, a name read gives the function itself."""

    def __init__(self, module):
        self._module = f"{__package__}.{module}"

    def __getattr__(self, name):  # a name not read before
        if name.startswith("__"):  # (copy, pickle and the like probe for these)
            raise AttributeError(name)
        module = sys.modules.get(self._module)
        function = _FirstCall(self, name) if module is None else getattr(module, name)
        setattr(self, name, function)
        return function

    def imported(self, name):
        """The function itself: the module imported, its names read from now on are the module's."""
        function = getattr(importlib.import_module(self._module), name)
        setattr(self, name, function)
        return function


class _FirstCall:
    __slots__ = ("_module", "_name", "_function")

    def __init__(self, module, name):
        self._module, self._name, self._function = module, name, None

    def __call__(self, *args, **kwargs):
        if self._function is None:
            self._function = self._module.imported(self._name)
        return self._function(*args, **kwargs)
