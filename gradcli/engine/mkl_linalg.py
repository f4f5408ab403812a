"""MKL's BLAS and LAPACK (mkl.py loads the library), called as torch 2.13's CPU build calls them: its matrix products
(sgemm_/dgemm_, sgemv_, sdot_, cblas_sgemm_batch), linalg.solve and linalg.lstsq (?getrf_, ?getrs_; ?gelsy_ and
the other least-squares drivers; ?gesdd_ for lstsq's gradient), and the block sums of its cascade sum.  The layout
decisions follow aten/src/ATen/native/LinearAlgebra.cpp (addmm_impl_cpu_, baddbmm_with_gemm_), Blas.cpp (addmv)
and CPUBlas.cpp (normalize_last_dims).  Without MKL, blas_available() is False and the callers keep their own
paths.
"""

import numpy as np

from .mkl import INT_MAX, PREFIX, address, library

_COL_MAJOR = 102  # CblasColMajor
_CBLAS_TRANSPOSE = {"N": 111, "T": 112}


# Every argument is passed as a ctypes object (no argtypes declared): pointers to data as c_void_p,
# BLAS's integers and scalars by reference, as Fortran BLAS takes them.

def _pointer(x):
    import ctypes
    return ctypes.c_void_p(address(x))


def _ref(value, dtype=None):
    """A reference to an MKL_INT (LP64: 32 bits), or to a scalar of the BLAS dtype."""
    import ctypes
    return ctypes.byref((ctypes.c_int if dtype is None else _scalar(dtype))(value))


def _scalar(dtype):
    """The ctypes type of a float32 or float64 BLAS scalar."""
    import ctypes
    return ctypes.c_float if dtype == np.float32 else ctypes.c_double



# ---- BLAS: the calls torch's matrix products make -------------------------------------------------------------

def blas_available(*arrays):
    """MKL is loaded and the arrays are all float32, or all float64 (torch's BLAS dtypes here)."""
    return library() is not None and arrays[0].dtype in PREFIX and all(x.dtype == arrays[0].dtype for x in arrays)


def _strides(x):
    """x's strides in elements, those of size-1 dims as torch gives a contiguous (or transposed contiguous)
    tensor: they enter torch's layout tests."""
    if x.flags.c_contiguous:
        x = np.empty(x.shape, x.dtype)
    elif x.flags.f_contiguous:
        x = np.empty(x.shape[::-1], x.dtype).T
    return tuple(step // x.itemsize for step in x.strides)


def _normalize_last_dims(transa, transb, m, n, k, lda, ldb, ldc):
    """CPUBlas.cpp's normalize_last_dims: the leading dimensions of vectors as BLAS wants them."""
    if n == 1:
        ldc = m
    if transa != "N":
        lda = k if m == 1 else lda
    elif k == 1:
        lda = m
    if transb != "N":
        ldb = n if k == 1 else ldb
    elif n == 1:
        ldb = k
    return lda, ldb, ldc


def _call_gemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc):
    """cpublas::gemm: ?gemm_ (column-major), leading dimensions normalized."""
    lda, ldb, ldc = _normalize_last_dims(transa, transb, m, n, k, lda, ldb, ldc)
    dtype = c.dtype
    getattr(library(), f"{PREFIX[dtype]}gemm_")(
        transa.encode(), transb.encode(), _ref(m), _ref(n), _ref(k), _ref(alpha, dtype), _pointer(a), _ref(lda),
        _pointer(b), _ref(ldb), _ref(beta, dtype), _pointer(c), _ref(ldc))


def _operand(x, inner, leading, trans_if_copied):
    """addmm_impl_cpu_'s choice for one operand: used as it is (column-major in BLAS terms), as its
    transpose, or copied to a row-major matrix.  Returns (array, transposed)."""
    strides, outer = _strides(x), 1 - inner
    if strides[inner] == 1 and strides[outer] >= max(1, leading[0]):
        return x, False
    if strides[outer] == 1 and strides[inner] >= max(1, leading[1]):
        return x, True
    return np.ascontiguousarray(x), trans_if_copied


def gemm(a, b, c, alpha=1, beta=0):
    """c = alpha * a @ b + beta * c in place, as torch's addmm_impl_cpu_ calls ?gemm_ for its row-major
    result c: a, b 2-D arrays of c's dtype, any strides, m * n * k > 0."""
    strides_c = _strides(c)
    transpose_c = not (strides_c[0] == 1 and (c.shape[1] == 1 or strides_c[1] >= max(1, c.shape[0])))
    m1, m2 = (b, a) if transpose_c else (a, b)  # a row-major c is computed as c^T = b^T a^T
    m, n = (c.shape[1], c.shape[0]) if transpose_c else c.shape
    k = m1.shape[0 if transpose_c else 1]
    inner = 1 if transpose_c else 0
    m1, transpose_a = _operand(m1, inner, (m, k), not transpose_c)
    m2, transpose_b = _operand(m2, inner, (k, n), not transpose_c)
    lda = _strides(m1)[1 if transpose_a == transpose_c else 0]
    ldb = _strides(m2)[1 if transpose_b == transpose_c else 0]
    _call_gemm("T" if transpose_a else "N", "T" if transpose_b else "N", m, n, k, alpha, m1, lda, m2, ldb, beta,
               c, strides_c[0 if transpose_c else 1])
    return c


def gemm_batched(a, b):
    """np.matmul of stacks a (batch, m, k) and b (batch, k, n), m * n * k > 0, as torch's bmm with MKL:
    when every matrix is row-major or transposed, baddbmm_with_gemm_ (one cblas_?gemm_batch call, or ?gemm_
    for a batch of one), else matrix by matrix as addmm (bmm's split along the batch)."""
    import ctypes
    batch, (m, k), n = a.shape[0], a.shape[1:], b.shape[2]
    out = np.empty((batch, m, n), a.dtype)
    if not (_row_major_or_transposed(a) and _row_major_or_transposed(b)):
        for x, y, z in zip(a, b, out):
            gemm(x, y, z)
        return out
    transa, transb = ("T" if _transposed(x) else "N" for x in (b, a))  # column-major: c^T = b^T a^T
    lda = _item_strides(b)[2 if transa == "T" else 1]
    ldb = _item_strides(a)[2 if transb == "T" else 1]
    if batch == 1:
        _call_gemm(transa, transb, n, m, k, 1, b[0], lda, a[0], ldb, 0, out[0], n)
        return out
    lda, ldb, ldc = _normalize_last_dims(transa, transb, n, m, k, lda, ldb, n)  # gemm_batched_with_stride's
    pointers = ctypes.c_void_p * batch
    dtype = a.dtype
    getattr(library(), f"cblas_{PREFIX[dtype]}gemm_batch")(
        _COL_MAJOR, _ref(_CBLAS_TRANSPOSE[transa]), _ref(_CBLAS_TRANSPOSE[transb]), _ref(n), _ref(m), _ref(k),
        _ref(1, dtype), pointers(*(b.ctypes.data + i * b.strides[0] for i in range(batch))), _ref(lda),
        pointers(*(a.ctypes.data + i * a.strides[0] for i in range(batch))), _ref(ldb), _ref(0, dtype),
        pointers(*(out.ctypes.data + i * out.strides[0] for i in range(batch))), _ref(ldc), 1, _ref(batch))
    return out


def _item_strides(x):
    return (x.strides[0] // x.itemsize,) + _strides(x[0])


def _transposed(x):
    strides = _item_strides(x)
    return strides[1] == 1 and strides[2] >= x.shape[1]


def _row_major_or_transposed(x):
    strides = _item_strides(x)
    return strides[2] == 1 and strides[1] >= x.shape[2] or _transposed(x)


def _unit_stride(v):
    """A vector torch could hand to BLAS: positive stride (a NumPy view may step backwards or not at all)."""
    return v if v.strides[0] > 0 else np.ascontiguousarray(v)


def gemv(a, x):
    """torch.mv's a @ x (addmv, beta 0): ?gemv_ on a column-major a, or on a row-major a transposed (a row-major
    copy of any other layout), as Blas.cpp's addmv_impl_cpu and BlasKernel.cpp's gemv."""
    m, n = a.shape
    x = _unit_stride(x)
    strides = _strides(a)
    if strides[0] == 1 and (n == 1 or strides[1] >= max(1, m)):
        trans, rows, cols, lda = "n", m, n, strides[1]
    else:
        if not (strides[1] == 1 and (m == 1 or strides[0] >= max(1, n))):
            a = np.ascontiguousarray(a)
            strides = _strides(a)
        trans, rows, cols, lda = "t", n, m, strides[0]
    out = np.zeros(m, a.dtype)
    getattr(library(), f"{PREFIX[a.dtype]}gemv_")(
        trans.encode(), _ref(rows), _ref(cols), _ref(1, a.dtype), _pointer(a), _ref(rows if cols == 1 else lda),
        _pointer(x), _ref(x.strides[0] // x.itemsize), _ref(0, a.dtype), _pointer(out), _ref(1))
    return out


def dot(a, b):
    """torch.dot: ?dot_ over the two vectors with their strides (1 for a single element)."""
    a, b = _unit_stride(a), _unit_stride(b)
    steps = [1 if a.size == 1 else v.strides[0] // v.itemsize for v in (a, b)]
    value = getattr(library(), f"{PREFIX[a.dtype]}dot_")(_ref(a.size), _pointer(a), _ref(steps[0]), _pointer(b),
                                                           _ref(steps[1]))
    return a.dtype.type(value)


# ---- LAPACK: torch.linalg.solve, torch.linalg.lstsq and the SVD of its gradient -------------------------------

def solve(a, b, left):
    """torch.linalg.solve's X for A X = B (left=False: X A = B, solved as A^T X^T = B^T), a (..., n, n),
    b (..., n, k), batches broadcast: ?getrf_ on a column-major copy of each A, then ?getrs_ on a column-major
    copy of B, as torch's linalg_lu_factor_ex and linalg_lu_solve.  Returns (X, None), or (None, the first
    batch element of A that is singular)."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    rhs = b if left else np.swapaxes(b, -1, -2)
    out = np.array(np.swapaxes(np.broadcast_to(rhs, batch + rhs.shape[-2:]), -1, -2), order="C")  # column-major
    factors = {}
    for index in np.ndindex(*batch):
        source = tuple(i if size > 1 else 0 for i, size in zip(index[len(batch) - (a.ndim - 2):], a.shape[:-2]))
        if source not in factors:
            factors[source] = _lu_factor(np.array(np.swapaxes(a[source], -1, -2), order="C"))
            if factors[source] is None:
                return None, int(np.ravel_multi_index(source, a.shape[:-2])) if source else 0
        _lu_solve(*factors[source], out[index], "N" if left else "T")
    result = np.swapaxes(out, -1, -2)
    return (result if left else np.swapaxes(result, -1, -2)), None


def _lu_factor(matrix):
    """?getrf_ in place on a square column-major matrix: (LU, pivots), or None when it is singular."""
    import ctypes
    n = matrix.shape[0]
    pivots, info = np.empty(n, np.int32), ctypes.c_int(0)
    getattr(library(), f"{PREFIX[matrix.dtype]}getrf_")(_ref(n), _ref(n), _pointer(matrix), _ref(max(1, n)),
                                                         _pointer(pivots), ctypes.byref(info))
    return None if info.value > 0 else (matrix, pivots)


def _lu_solve(factored, pivots, rhs, trans):
    """?getrs_ in place: rhs (k, n), row-major, is the column-major n x k right-hand side."""
    import ctypes
    n, info = factored.shape[0], ctypes.c_int(0)
    getattr(library(), f"{PREFIX[factored.dtype]}getrs_")(
        trans.encode(), _ref(n), _ref(rhs.shape[0]), _pointer(factored), _ref(max(1, n)), _pointer(pivots),
        _pointer(rhs), _ref(max(1, n)), ctypes.byref(info))


def lstsq(a, solution, rcond, driver):
    """torch.linalg.lstsq's LAPACK calls (apply_lstsq): ?gels_, ?gelsy_, ?gelsd_ or ?gelss_ (`driver`) on a
    column-major copy of each A (..., m, n), one workspace query first, on the first matrices; at least one
    matrix in the batch.
    solution (..., nrhs, max(m, n)), C-contiguous, is the column-major B padded with rows, A's batch broadcast to
    it; it is overwritten with X (rows n:m: what the residuals are summed from).  Returns (rank, singular
    values, infos) over A's batch: rank int64 (None for gels), the singular values for gelsd and gelss (else
    None), infos int32 (> 0: not of full rank for gels, no convergence for the others)."""
    import ctypes
    m, n = a.shape[-2:]
    nrhs, ldb = solution.shape[-2:]
    dtype, lib = a.dtype, library()
    function = getattr(lib, f"{PREFIX[dtype]}{driver}_")
    a_batch = a.shape[:-2]
    infos = np.zeros(a_batch, np.int32)
    rank = None if driver == "gels" else np.zeros(a_batch, np.int64)
    singular = np.empty(a_batch + (min(m, n),), dtype) if driver in ("gelsd", "gelss") else None
    # ?gelsy_ reads jpvt on entry: a nonzero entry fixes its column in place (no column pivoting there).  torch
    # 2.13 passes an uninitialized one (at::empty) and never resets it, so what the memory held decides: garbage
    # with no zero, which fixes every column, is the common case (tests/golden/measure_gelsy.py: 62 of 80 fresh
    # torch calls, all 50 with n <= 8 columns; the others vary from run to run, zeros give none of them).  All
    # fixed here, and after each call too (a permutation: no zero).
    jpvt = np.ones(n, np.int32)
    rank_32, info = ctypes.c_int(0), ctypes.c_int(0)

    def call(matrix, rhs, work, lwork, iwork, a_index):
        head = [_ref(m), _ref(n), _ref(nrhs), _pointer(matrix), _ref(max(1, m)), _pointer(rhs), _ref(max(1, ldb))]
        tail = [_pointer(work), _ref(lwork)]
        if driver == "gels":
            function(b"N", *head, *tail, ctypes.byref(info))
            return
        s = _pointer(singular[a_index]) if singular is not None else None
        if driver == "gelsy":
            function(*head, _pointer(jpvt), _ref(rcond, dtype), ctypes.byref(rank_32), *tail, ctypes.byref(info))
        elif driver == "gelsd":
            function(*head, s, _ref(rcond, dtype), ctypes.byref(rank_32), *tail, _pointer(iwork), ctypes.byref(info))
        else:
            function(*head, s, _ref(rcond, dtype), ctypes.byref(rank_32), *tail, ctypes.byref(info))

    def column_major(index):
        return np.array(np.swapaxes(a[index], -1, -2), order="C")  # LAPACK overwrites it: a copy for each call

    batch = solution.shape[:-2]
    first_a = tuple(0 for _ in a_batch)
    work_opt, iwork_opt = np.zeros(1, dtype), np.zeros(1, np.int32)
    call(column_major(first_a), solution[tuple(0 for _ in batch)], work_opt, -1, iwork_opt, first_a)
    lwork = _work_size(work_opt[0])
    work, iwork = np.empty(lwork, dtype), np.empty(max(1, int(iwork_opt[0])), np.int32)
    for index in np.ndindex(*batch):
        a_index = tuple(i if size > 1 else 0 for i, size in zip(index[len(batch) - len(a_batch):], a_batch))
        info.value = 0
        call(column_major(a_index), solution[index], work, lwork, iwork, a_index)
        infos[a_index] = info.value
        if rank is not None:
            rank[a_index] = rank_32.value
    return rank, singular, infos


def svd(a):
    """torch.linalg.svd(a, full_matrices=False) on CPU (apply_svd): ?gesdd_ with jobz 'S' on a column-major copy
    of each matrix of a (..., m, n), m and n > 0, at least one matrix; one workspace query first.  Returns
    (U, S, Vh), U (..., m, k) and Vh (..., k, n) with torch's column-major strides, k = min(m, n)."""
    import ctypes
    m, n = a.shape[-2:]
    k, dtype = min(m, n), a.dtype
    batch = a.shape[:-2]
    columns = np.array(np.swapaxes(a, -1, -2), order="C")  # each (n, m) row-major: A column-major
    u, vh = np.empty(batch + (k, m), dtype), np.empty(batch + (n, k), dtype)  # U, Vh column-major
    s = np.empty(batch + (k,), dtype)
    iwork, info = np.empty(8 * k, np.int32), ctypes.c_int(0)
    function = getattr(library(), f"{PREFIX[dtype]}gesdd_")

    def call(index, work, lwork):
        function(b"S", _ref(m), _ref(n), _pointer(columns[index]), _ref(m), _pointer(s[index]), _pointer(u[index]),
                 _ref(m), _pointer(vh[index]), _ref(k), _pointer(work), _ref(lwork), _pointer(iwork), ctypes.byref(info))

    work_opt = np.zeros(1, dtype)
    call(tuple(0 for _ in batch), work_opt, -1)
    lwork = _work_size(work_opt[0])
    work = np.empty(lwork, dtype)
    for index in np.ndindex(*batch):
        call(index, work, lwork)
    return np.swapaxes(u, -1, -2), s, np.swapaxes(vh, -1, -2)


def _work_size(optimal):
    """torch's lapack_work_to_int: a workspace size LAPACK returned as a float, rounded up past its next value."""
    return max(1, int(np.ceil(np.nextafter(optimal, type(optimal)(np.inf)))))


# ---- Sums in order: the block sums of torch's cascade sum -----------------------------------------------------

_ROW_MAJOR = 101  # CblasRowMajor
_IN_ORDER_WIDTH = 8  # elements: MKL adds a remainder column's rows in another order (measured: widths 7, 15, 33)
_in_order = {}  # (dtype, rows, width) -> (cblas_?gemm_batch_strided, ones(rows)); None: MKL does not add in order


def sums_in_order(stack, out):
    """out[i] = ((+0 + stack[i, 0]) + stack[i, 1]) + ... for stack (batch, rows, width) and out (batch, width),
    each with unit stride along the width, in one cblas_?gemm_batch_strided call: out[i] = ones(1, rows) @
    stack[i], whose fused 1 * x + s rounds as x + s.  Returns out, or None (the caller keeps its NumPy path)
    where MKL is not loaded, the layout is not one gemm strides can describe, or MKL's kernel for (dtype, rows,
    width) does not add the rows in order: checked once against a plain loop, since the order is MKL's choice."""
    if library() is None or stack.dtype not in PREFIX or stack.shape[2] % _IN_ORDER_WIDTH:
        return None
    item = stack.itemsize
    if stack.strides[2] != item or out.strides[1] != item or stack.strides[1] < item * stack.shape[2]:
        return None
    if any(step <= 0 or step % item for step in stack.strides[:2] + out.strides[:1]):
        return None
    key = (stack.dtype, stack.shape[1], stack.shape[2])
    if key not in _in_order:
        _in_order[key] = _gemm_in_order(*key)
    return None if _in_order[key] is None else _gemm_sums(*_in_order[key], stack, out)


def _gemm_in_order(dtype, rows, width):
    """(cblas_?gemm_batch_strided with its C signature, ones(rows)) when _gemm_sums with them equals adding the
    rows in order, on values of widely spread magnitudes (where another order rounds differently), for a batch
    of 1 and of 33; else None."""
    import ctypes
    integer, pointer, scalar = ctypes.c_int, ctypes.c_void_p, _scalar(dtype)
    signature = ctypes.CFUNCTYPE(None, *[integer] * 6, scalar, pointer, integer, integer, pointer, integer, integer,
                                 scalar, pointer, integer, integer, integer)
    gemm = signature((f"cblas_{PREFIX[dtype]}gemm_batch_strided", library())), np.ones(rows, dtype)
    random = np.random.default_rng(rows * width)
    for batch in (1, 33):
        shape = (batch, rows, width)
        stack = (random.standard_normal(shape) * 2.0 ** random.integers(-40, 40, shape)).astype(dtype)
        expected = np.zeros((batch, width), dtype)
        for row in range(rows):
            expected = expected + stack[:, row]
        got = _gemm_sums(*gemm, stack, np.empty_like(expected))
        if not np.array_equal(got.view(np.uint8), expected.view(np.uint8)):
            return None
    return gemm


def _gemm_sums(gemm_batch, ones, stack, out):
    batch, rows, width = stack.shape
    item = stack.itemsize
    stack_step, row_step, out_step = stack.strides[0] // item, stack.strides[1] // item, out.strides[0] // item
    per_call = max(1, INT_MAX // max(stack_step, out_step))  # MKL_INT offsets: 32 bits
    stack_address, out_address = address(stack), address(out)
    for start in range(0, batch, per_call):
        gemm_batch(_ROW_MAJOR, _CBLAS_TRANSPOSE["N"], _CBLAS_TRANSPOSE["N"], 1, width, rows, 1, ones.ctypes.data, rows,
                   0, stack_address + start * stack.strides[0], row_step, stack_step, 0,
                   out_address + start * out.strides[0], width, out_step, min(per_call, batch - start))
    return out
