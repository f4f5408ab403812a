"""Float32 matrix products in the order torch 2.13's x86-64 build (MKL's sgemm/sgemv) accumulates them.

Found by black-box experiments (inputs in, outputs compared: tests/golden/gen_bitexact_matmul.py records
torch's products) for C = A @ B, A m x k, B k x n, in torch's row-major terms:

- **m >= 4 and n >= 12** (any strides): each element is a chain of fused multiply-adds over k from zero,
  in blocks of 192 (a k in (192, 384] in two halves of k // 2, an odd last element alone); C starts as
  addmm's bias (or zero) and each block's chain is added to it.
- **B row-major, narrow C** (n of 2, 3, 4 or 8; m = 1; m < 4 with n a multiple of 4), A any: one chain of
  plain float32 products and additions (no FMA, no blocks) starting from addmm's bias.  n of 6 or 10 with
  m >= 4 likewise, but the first two columns of odd rows (8 bytes past a 16-byte boundary: torch
  allocates C 64-byte aligned) sum k in chunks of eight, the second four apart (``_split_chain``).
- **B transposed (nn.Linear's weight.t()), n < 12, m >= 4**, A row-major: four-lane dot products for
  whole groups of four columns, eight lanes for the rest, each row peeled to A's 16-byte alignment
  (``_row_lane_dots``); addmm's bias added last.
- **one column** (n = 1; m a multiple of 4 or k <= 4; A row-major) and torch.mv (MKL's sgemv, m a
  multiple of 4): four-lane dot products (``_lane_dots``), addmm's bias added last.
- **bmm** (and matmul of stacks): per matrix as above, or torch's own loop (plain float32 steps) when a
  matrix product has fewer than 400 multiply-adds.
- **torch.dot** (MKL's sdot): sixteen lanes in four accumulators (``vector_dot``).

Every other case (the shapes and layouts above leave out, alpha/beta other than 1, float64) is
NumPy's product: not bit-exact.  The fused chain costs several NumPy passes over m x n per step of k,
so products of more than EXACT_LIMIT multiply-adds are NumPy's too (see the README's "Float32, bit for bit").

With Intel MKL installed (gradcli[mkl], gradcli/engine/mkl_linalg.py), float32 and float64 products call MKL as
torch does instead, exact at every size and layout; the fitted orders above are the path without it.
"""

import numpy as np

from . import mkl_linalg
from .kernels import _DROPPED, _MIDPOINT, _fma32

BLOCK = 192  # MKL's k-block for these shapes
EXACT_LIMIT = 1 << 23  # m * n * k above which the exact orders cost too much (8.4M: a 64x1000 @ 1000x100 fits)
_CHECK_STEPS = 8  # steps between checks for sums that may have been rounded twice
_TILE = 8192  # output elements a fused chain works on at a time (its float64 buffers stay in cache)


def k_blocks(k):
    """The [start, stop) ranges of k that MKL sums separately."""
    if k <= BLOCK:
        return [(0, k)]
    if k <= 2 * BLOCK:  # two equal halves, an odd last element a block of its own
        half = k // 2
        return [(0, half), (half, 2 * half)] + [(2 * half, k)] * (k % 2)
    return [(start, min(start + BLOCK, k)) for start in range(0, k, BLOCK)]


def _fused_chain(a, b):
    """sum over p of a[:, p] * b[p, :], each step one fused multiply-add in float32, p in order.

    The product of two floats is exact in float64 and the float64 sum rounded to float32 is the FMA,
    unless the float64 sum landed exactly half-way between two floats: the steps are checked in groups
    and a group with such a sum is redone with the exact FMA.  Rows go in tiles that stay in cache."""
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    out = np.empty((a.shape[0], b.shape[1]), np.float32)
    rows = max(1, _TILE // b.shape[1])
    for top in range(0, a.shape[0], rows):
        out[top:top + rows] = _fused_tile(np.ascontiguousarray(a64[top:top + rows].T), b64)
    return out


def _fused_tile(a_columns, b):
    acc = np.zeros((a_columns.shape[1], b.shape[1]), np.float32)
    product, sums = np.empty(acc.shape), np.empty((_CHECK_STEPS,) + acc.shape)
    for start in range(0, len(b), _CHECK_STEPS):
        steps = range(start, min(start + _CHECK_STEPS, len(b)))
        before = acc.copy()
        for i, p in enumerate(steps):
            np.multiply(a_columns[p][:, None], b[p], out=product)
            np.add(product, acc, out=sums[i])
            acc[...] = sums[i]
        if ((sums[:len(steps)].view(np.uint64) & _DROPPED) == _MIDPOINT).any():
            acc = before
            for p in steps:
                acc = _fma32(a_columns[p][:, None], b[p], acc.astype(np.float64))
    return acc


def _plain_chain(a, b, acc):
    """acc + the sum over p of a[:, p] * b[p, :]: each product rounded to float32, then added, p in order."""
    for product in a.T[:, :, None] * b[:, None, :]:
        acc += product
    return acc


def _split_chain(a, b, acc):
    """acc + the sum over p of a[:, p] * b[p, :] in plain float32 steps, k in chunks of eight: the first
    four added in order, the next four summed apart and their sum added; the last k % 8 added in order."""
    products = a.T[:, :, None] * b[:, None, :]
    whole = len(products) // 8 * 8
    for start in range(0, whole, 8):
        for product in products[start:start + 4]:
            acc += product
        apart = products[start + 4].copy()
        for product in products[start + 5:start + 8]:
            apart += product
        acc += apart
    for product in products[whole:]:
        acc += product
    return acc


def _halving_sum(lanes):
    """Lanes (last axis) added as a vector register is folded: lane j + lane j + half, repeatedly."""
    while lanes.shape[-1] > 1:
        half = lanes.shape[-1] // 2
        lanes = lanes[..., :half] + lanes[..., half:]
    return lanes[..., 0]


def _row_lane_dots(a, w, width):
    """a @ w.T for row-major a and w, MKL's way for a transposed narrow B: row i of a starts
    (i * k) % 4 floats past a 16-byte boundary (torch aligns storage), so its first (-i * k) % 4 products
    are summed in order, the next ones in `width` lanes (that sum starting lane 0), folded, and the
    last ones added in order; plain float32 steps."""
    m, k = a.shape
    out = np.empty((m, w.shape[0]), np.float32)
    for peel in range(4):
        rows = np.flatnonzero((-np.arange(m) * k) % 4 == peel)
        if not rows.size:
            continue
        products = a[rows][:, :, None] * w.T[None]  # (rows, k, n)
        head = min(peel, k)
        acc = np.zeros((rows.size, w.shape[0]), np.float32)
        for p in range(head):
            acc += products[:, p]
        body = (k - head) // width * width
        if body:
            chunks = products[:, head:head + body].reshape(rows.size, body // width, width, -1)
            lanes = chunks[:, 0].copy()
            lanes[:, 0] += acc
            for c in range(1, chunks.shape[1]):
                lanes += chunks[:, c]
            acc = _halving_sum(np.moveaxis(lanes, 1, -1))
        for p in range(head + body, k):
            acc += products[:, p]
        out[rows] = acc
    return out


def _lane_dots(a, b):
    """a @ b for a one-column b, as MKL's kernel for rows in groups of four: the first (k - 1) % 4 + 1
    products summed in order, the rest in four lanes (k = 0, 1, 2, 3 mod 4 past them, the first sum
    starting lane 0), the lanes added as (0 + 2) + (1 + 3); plain float32 products and additions."""
    products = a * b[:, 0]
    head = (a.shape[1] - 1) % 4 + 1
    lanes = products[:, head:].reshape(a.shape[0], -1, 4)
    first = products[:, 0].copy()
    for p in range(1, head):
        first += products[:, p]
    if not lanes.shape[1]:
        return first[:, None]
    acc = lanes[:, 0].copy()
    acc[:, 0] += first
    for g in range(1, lanes.shape[1]):
        acc += lanes[:, g]
    return ((acc[:, 0] + acc[:, 2]) + (acc[:, 1] + acc[:, 3]))[:, None]


def _narrow(m, n):
    return n in (2, 3, 4, 8) or m == 1 or (m < 4 and n % 4 == 0)


def _start(bias, m, n, dtype=np.float32):
    """The accumulator C starts as: addmm's input broadcast to the result, or zero."""
    if bias is None:
        return np.zeros((m, n), dtype)
    return np.array(np.broadcast_to(bias, (m, n)), dtype, order="C")  # a row-major copy, as torch's result


def product(a, b, bias=None, beta=1, alpha=1, out=None):
    """beta * bias + alpha * (a @ b) (bias broadcast to the result first, as addmm's input) for 2-D arrays:
    MKL's ?gemm as torch calls it when MKL is loaded; else float32 in MKL's order where it is fitted, else
    NumPy's product.  Into `out` when given: a row-major result torch allocated (MKL's sums depend on where
    it starts), which may be the bias itself (an accumulation, beta = 1)."""
    (m, k), n = a.shape, b.shape[1]
    operands = (a, b) if bias is None else (a, b, bias)
    if m * n * k and mkl_linalg.blas_available(*operands):
        start = bias is not None and beta != 0  # torch copies its input into the result only then
        if out is None:
            out = _start(bias, m, n, a.dtype) if start else np.empty((m, n), a.dtype)
        elif start and bias is not out:
            np.copyto(out, np.broadcast_to(bias, (m, n)))
        return mkl_linalg.gemm(a, b, out, alpha, beta if start else 0)
    result = _product_without_mkl(a, b, bias, beta, alpha)
    if out is None:
        return result
    out[...] = result
    return out


def _product_without_mkl(a, b, bias, beta, alpha):
    (m, k), n = a.shape, b.shape[1]
    if (beta, alpha) != (1, 1):
        return bias * beta + (a @ b) * alpha
    if a.dtype == b.dtype == np.float32 and 0 < m * n * k <= EXACT_LIMIT and (bias is None or bias.dtype == np.float32):
        with np.errstate(over="ignore", invalid="ignore"):
            out = _mkl_order(a, b, bias)
        if out is not None:
            return out
    return a @ b if bias is None else bias + a @ b


def _mkl_order(a, b, bias):
    """The fitted float32 paths (see the module's docstring), or None."""
    (m, k), n = a.shape, b.shape[1]
    if m >= 4 and n >= 12:
        out = _start(bias, m, n)
        for start, stop in k_blocks(k):
            out += _fused_chain(a[:, start:stop], b[start:stop])
        return out
    if b.flags.c_contiguous and (_narrow(m, n) or m >= 4 and n in (6, 10)):
        out = _plain_chain(a, b, _start(bias, m, n))
        if not _narrow(m, n):
            out[1::2, :2] = _split_chain(a[1::2], b[:, :2], _start(bias, m, n)[1::2, :2])
        return out
    if not a.flags.c_contiguous:
        return None
    if n == 1 and (m % 4 == 0 or k <= 4):
        out = _lane_dots(a, b)
    elif n > 1 and m >= 4 and b.T.flags.c_contiguous:
        main = n // 4 * 4
        out = np.concatenate([_row_lane_dots(a, b.T[:main], 4), _row_lane_dots(a, b.T[main:], 8)], axis=1)
    else:
        return None
    return out if bias is None else out + bias


def batched(a, b):
    """np.matmul of stacks of matrices (batch dims broadcast) as torch's bmm: a product with fewer than
    400 multiply-adds is torch's own loop (plain steps in order), larger ones MKL's: with MKL loaded as torch
    calls it, else float32 per matrix in the fitted orders."""
    mkl_loaded = mkl_linalg.blas_available(a, b)
    if not (mkl_loaded or a.dtype == b.dtype == np.float32):
        return np.matmul(a, b)
    (m, k), n = a.shape[-2:], b.shape[-1]
    lead = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, lead + (m, k)).reshape(-1, m, k)
    b = np.broadcast_to(b, lead + (k, n)).reshape(-1, k, n)
    if m * k * n < 400:
        out = np.stack([_plain_chain(x, y, np.zeros((m, n), a.dtype)) for x, y in zip(a, b)])
    elif mkl_loaded:
        out = mkl_linalg.gemm_batched(a, b)
    else:
        out = np.stack([product(x, y) for x, y in zip(a, b)])
    return out.reshape(lead + (m, n))


def matrix_vector(a, x):
    """torch.mv's a @ x: MKL's ?gemv as torch calls it when MKL is loaded; else for float32, a row-major
    contiguous with a multiple of 4 rows, the one-column product's lane dots; else NumPy's product."""
    if a.size and mkl_linalg.blas_available(a, x):
        return mkl_linalg.gemv(a, x)
    if a.dtype == x.dtype == np.float32 and a.shape[0] % 4 == 0 and a.flags.c_contiguous and 0 < a.size <= EXACT_LIMIT:
        return _lane_dots(a, x[:, None])[:, 0]
    return a @ x


def vector_dot(a, b):
    """torch.dot (MKL's sdot) for float32 vectors: plain float32 products summed in four 4-lane
    accumulators (element p of each whole 16 to accumulator (p % 16) // 4), then what is left in whole
    eights (the first two accumulators), a whole four (the first), single elements (its lane 0); the
    accumulators added in order and folded as (0 + 2) + (1 + 3).  With MKL loaded, MKL's ?dot as torch calls
    it; else NumPy's dot."""
    if a.size and mkl_linalg.blas_available(a, b):
        return mkl_linalg.dot(a, b)
    if not a.dtype == b.dtype == np.float32 or a.size > EXACT_LIMIT:
        return np.dot(a, b)
    products = a * b
    acc = np.zeros((4, 4), np.float32)
    sixteens = len(products) // 16 * 16
    for chunk in products[:sixteens].reshape(-1, 4, 4):
        acc += chunk
    rest = products[sixteens:]
    if len(rest) >= 8:
        acc[:2] += rest[:8].reshape(2, 4)
        rest = rest[8:]
    if len(rest) >= 4:
        acc[0] += rest[:4]
        rest = rest[4:]
    for product in rest:
        acc[0, 0] += product
    lanes = ((acc[0] + acc[1]) + acc[2]) + acc[3]
    return np.float32((lanes[0] + lanes[2]) + (lanes[1] + lanes[3]))
