"""glibc's double ``log`` on arrays, bit for bit, for where NumPy's own log is not the library's.

glibc 2.28 and later computes log with ARM's optimized-routines algorithm (math/log.c there, sysdeps/ieee754/dbl-64/
e_log.c in glibc; Szabolcs Nagy's): x = 2**k z with z in [OFF, 2 OFF), log(x) = k ln 2 + log(c) + log1p(z/c - 1)
for the centre c of z's subinterval (one of 128, from a table of 1/c and log c), the log1p a polynomial in
r = z/c - 1; inputs within about 1/16 of 1 take a polynomial in x - 1 instead.  Its data (``__log_data``: ln2hi, ln2lo,
poly[5], poly1[11], tab[128] of (invc, logc), then, in builds for CPUs without FMA, tab2[128] of (chi, clo)) is
hidden in the library, not exported: it is found here in the loaded library file by its first two numbers and
accepted only where this emulation then gives the library's bits on every validation value.  x86-64 glibc holds two
builds of log (an ifunc): one compiled with FMA, r = fma(z, 1/c, -1), in which GCC may also fuse the polynomial's
multiply-adds, and one without, r = (z - chi - clo) * (1/c); both are tried.

The fusing of the polynomial is not reproduced.  Instead, each result's last step, y = (the small terms) + hi, is
checked: the small terms as computed here and as the library computes them differ by at most a bound (``_MARGIN``
times the sum of their magnitudes); where the exact sum of ours and hi lies within that bound of a rounding boundary,
the library's rounding could differ from ours, and those elements (1 in 4,000 away from 1, 1 in 20 within 1/16 of
1: 1 in 300 of Box-Muller's 1 - u) are computed by the library itself, as are zeros, subnormals, negatives,
infinities and NaNs.
"""

import functools
import struct

import numpy as np

from .kernels import _two_product, _two_sum

TABLE_BITS = 7
OFF = np.uint64(0x3fe6000000000000)  # z's interval starts at 0x1.6p-1
EXPONENT_FIELD = np.uint64(0xfff << 52)
NEAR_1 = [np.float64(1 - 2.0**-4).view(np.uint64), np.float64(1 + float.fromhex("0x1.09p-4")).view(np.uint64)]
# two evaluations of the small terms (a sum of products of the same inputs, any of its multiply-adds fused or not)
# differ by at most 2 gamma_d = 2 d 2**-53 / (1 - d 2**-53) times the sum of the products' magnitudes, d <= 10
# roundings deep here (Higham, Accuracy and Stability of Numerical Algorithms, ch. 3; no underflow: |r| >= 2**-105);
# times 2 for slack
_MARGIN = 2.0**-47
# elements at a time: 64 KB temporaries, under glibc malloc's initial 128 KB threshold above which each new array is
# mapped afresh and its pages faulted in (4 times slower, until the process frees a larger array and malloc raises
# the threshold)
BLOCK = 8192


def _ln2_parts():
    """ln2hi, ln2lo: ln 2 with the low 11 bits of its mantissa cleared, so that k ln2hi is exact for every exponent
    k (|k| < 2**11), and the rest rounded to double."""
    from decimal import Decimal, localcontext  # here: decimal is 2% of a command's start-up
    with localcontext() as context:
        context.prec = 40
        ln2 = Decimal(2).ln()
    bits = struct.unpack("<Q", struct.pack("<d", float(ln2)))[0] & ~0x7ff
    ln2hi = struct.unpack("<d", struct.pack("<Q", bits))[0]
    return ln2hi, float(ln2 - Decimal(ln2hi))


class _LogData:
    """``__log_data`` read from the library's bytes at ``offset``."""
    POLY, POLY1 = 5, 11

    def __init__(self, data, offset):
        n = 1 << TABLE_BITS
        words = np.frombuffer(data, "<f8", 2 + self.POLY + self.POLY1 + 4 * n, offset).astype(np.float64)
        self.ln2hi, self.ln2lo = words[:2]
        self.poly = words[2:2 + self.POLY].tolist()
        self.poly1 = words[2 + self.POLY:2 + self.POLY + self.POLY1].tolist()
        tab, tab2 = words[-4 * n:-2 * n].reshape(n, 2), words[-2 * n:].reshape(n, 2)
        self.invc, self.logc = tab[:, 0].copy(), tab[:, 1].copy()
        self.chi, self.clo = tab2[:, 0].copy(), tab2[:, 1].copy()


def _candidates(path):
    """Every place in the library file at ``path`` that starts with ln2hi, ln2lo (``__log_data``, and
    ``__pow_log_data``, which starts alike), read as ``__log_data``."""
    with open(path, "rb") as file:
        data = file.read()
    pattern = struct.pack("<2d", *_ln2_parts())
    size = 8 * (2 + _LogData.POLY + _LogData.POLY1 + (4 << TABLE_BITS))
    found, offset = [], data.find(pattern)
    while offset >= 0:
        if offset + size <= len(data):
            found.append(_LogData(data, offset))
        offset = data.find(pattern, offset + 1)
    return found


def _path_of(library, symbol):
    """The file the loaded library maps ``symbol`` from (Linux's /proc/self/maps), or None."""
    import ctypes
    address = ctypes.cast(getattr(library, symbol), ctypes.c_void_p).value
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split(maxsplit=5)
            start, end = (int(bound, 16) for bound in fields[0].split("-"))
            if start <= address < end and len(fields) == 6:
                return fields[5].strip()
    return None


def _unsafe(y_pre, hi, magnitude):
    """The elements where y = fl(y_pre + hi) might round the other way for a y_pre off by up to _MARGIN
    * magnitude: the exact sum lies that close to half-way between y and a neighbour (the smaller gap, below |y|)."""
    y, error = _two_sum(y_pre, hi)
    ay = np.abs(y)
    half_gap = 0.5 * (ay - (ay.view(np.int64) - 1).view(np.float64))
    return y, np.abs(error) + _MARGIN * magnitude >= half_gap


def _general(x, d, fused):
    """log x away from 1, for positive normal x: (result, unsafe elements)."""
    ix = x.view(np.uint64)
    tmp = ix - OFF
    i = ((tmp >> np.uint64(52 - TABLE_BITS)) & np.uint64((1 << TABLE_BITS) - 1)).view(np.int64)
    k = tmp.view(np.int64) >> 52  # tmp as a signed difference: the C code's arithmetic shift
    z = (ix - (tmp & EXPONENT_FIELD)).view(np.float64)
    invc = np.take(d.invc, i)
    if fused:
        # fma(z, invc, -1): z invc is within 2**-7 of 1, so p - 1 is exact (Sterbenz) and (p - 1) + e, with e the
        # product's exact error, is z invc - 1 rounded once
        p, e = _two_product(z, invc)
        r = (p - 1.0) + e
    else:
        r = (z - np.take(d.chi, i) - np.take(d.clo, i)) * invc
    kd = k.astype(np.float64)
    w = kd * d.ln2hi + np.take(d.logc, i)  # kd ln2hi is exact: fused or not, the same w
    hi = w + r
    hi_error = w - hi + r  # no product: the same in every build
    ln2lo_k = kd * d.ln2lo
    lo = hi_error + ln2lo_k
    r2 = r * r
    a0, a1, a2, a3, a4 = d.poly
    r3_poly = r * r2 * (a1 + r * a2 + r2 * (a3 + r * a4))
    y_pre = lo + r2 * a0 + r3_poly
    ar = np.abs(r)
    magnitude = np.abs(hi_error) + np.abs(ln2lo_k) + r2 * (abs(a0) + ar * (abs(a1) + abs(a2) + abs(a3) + abs(a4)))
    return _unsafe(y_pre, hi, magnitude)


def _near_1(x, d):
    """log x for x within about 1/16 of 1: (result, unsafe elements)."""
    r = x - 1.0
    r2 = r * r
    r3 = r * r2
    b = d.poly1
    poly = r3 * (b[1] + r * b[2] + r2 * b[3] + r3 * (b[4] + r * b[5] + r2 * b[6]
                                                      + r3 * (b[7] + r * b[8] + r2 * b[9] + r3 * b[10])))
    w = r * 2.0**27
    rhi = r + w - w  # r's high 26 bits: rhi * rhi is exact
    rlo = r - rhi
    w = rhi * rhi * b[0]
    hi = r + w
    lo = r - hi + w
    tail = b[0] * rlo * (rhi + r)
    y_pre = poly + (lo + tail)
    magnitude = np.abs(lo) + np.abs(tail) + np.abs(r3) * (abs(b[1]) + np.abs(r) * sum(abs(c) for c in b[2:]))
    return _unsafe(y_pre, hi, magnitude)


def _emulate(x, d, fused, one_by_one):
    """glibc's log of the float64 array x, through the library (``one_by_one``) where it cannot be sure."""
    shape, x = np.shape(x), np.ravel(x)
    out, unsafe, near = np.empty_like(x), np.empty(x.size, bool), np.empty(x.size, bool)
    with np.errstate(all="ignore"):
        for start in range(0, x.size, BLOCK):
            block = slice(start, start + BLOCK)
            ix = x[block].view(np.uint64)
            out[block], unsafe[block] = _general(x[block], d, fused)
            # zeros, subnormals, negatives, inf and NaN: the top 16 bits outside [0x0010, 0x7ff0)
            unsafe[block] |= (ix >> np.uint64(48)) - np.uint64(0x0010) >= np.uint64(0x7ff0 - 0x0010)
            near[block] = ix - NEAR_1[0] < NEAR_1[1] - NEAR_1[0]
        if near.any():
            out[near], unsafe[near] = _near_1(x[near], d)
    if unsafe.any():
        out[unsafe] = one_by_one(x[unsafe])
    return out.reshape(shape)


def vectorised(library, one_by_one, values, expected):
    """glibc's log on float64 arrays through NumPy, or None: with the first ``__log_data`` found in ``library`` (the
    ctypes handle of the loaded C library) and the build of log (with FMA or without) that give ``expected``, the
    library's results (from ``one_by_one``), on ``values`` and on _validation_values.  Found once per library."""
    try:
        path = _path_of(library, "log")
    except (OSError, ValueError, AttributeError):  # not Linux, no such symbol
        return None
    if path not in _accepted:
        _accepted[path] = _validate(path, one_by_one, values, expected)
    if _accepted[path] is None:
        return None
    d, fused = _accepted[path]
    return functools.partial(_emulate, d=d, fused=fused, one_by_one=one_by_one)


_accepted = {}  # library path -> (its __log_data, fused) or None


def _validate(path, one_by_one, values, expected):
    try:
        candidates = _candidates(path) if path else []
    except (OSError, ValueError):  # an unreadable file
        return None
    values = np.concatenate([values, _validation_values()])
    expected = np.concatenate([expected, one_by_one(values[expected.size:])]).astype(np.float64)  # (ctypes': objects)
    for d in candidates:
        for fused in (True, False):
            if _emulate(values, d, fused, one_by_one).tobytes() == expected.tobytes():
                return d, fused
    return None


def _validation_values():
    """81,920 values: 1 - u for u uniform in [0, 1) (Box-Muller's), both sides of 1 and the near-1 window's edges,
    magnitudes 2**-1022 to 2**1023, and 2**16 in [0.7, 0.93] and [1.08, 1.4], where the builds with and without FMA
    differ most often (once in 4,000 values)."""
    steps = np.arange(4096)
    return np.concatenate([1 - steps / 4096 - 1 / 8192, np.linspace(0.9, 1.1, 4096),
                           np.exp2(steps % 2046 - 1022.0) * (1 + steps / 4096), 1 + (steps - 2048) / 2**22,
                           np.linspace(0.7, 0.93, 2**15), np.linspace(1.08, 1.4, 2**15)])
