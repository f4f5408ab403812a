"""Matrix products: matmul and the ops torch records it as (mm, bmm, mv, dot), outer, addmm; torch.linalg.solve and
torch.linalg.lstsq.
Float32 products are computed in the order torch's CPU build accumulates them (gemm.py)."""

import numpy as np

from .. import mkl_linalg
from ..grad_mode import is_grad_enabled
from ..kernels import KernelModule
from ..rules import R, Rule, op, rule
from ..tensor import _make
from .reductions import reduce, return_type
from .shared import binary, broadcast_error, operands, write_out

gemm = KernelModule("gemm")

rule("squeeze_matmul", Rule("SqueezeBackward4", lambda a, dim: np.squeeze(a, dim), lambda g, out, a, dim: g.unsqueeze(dim),
                            save=None, view=True, formulas=("grad.unsqueeze(dim)",)))
rule("bmm", Rule("BmmBackward0", gemm.batched, lambda g, out, a, b: g @ b.transpose(-1, -2),
                 lambda g, out, a, b: a.transpose(-1, -2) @ g, reads=((1,), (0,)),
                 formulas=("grad @ b.mT", "a.mT @ grad"), saved_names=("self", "mat2")))


@op("matmul")
def matmul(input, other, *, out=None):
    result = _matmul(input, other)
    return result if out is None else write_out("matmul", result, out, (input, other))


def _matmul(a, b):
    if a.ndim == 0 or b.ndim == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {a.ndim}D and {b.ndim}D")
    if a.ndim == 1 and b.ndim == 1:
        return dot(a, b)
    if a.ndim == 2 and b.ndim == 1:
        return mv(a, b)
    if a.ndim == 2 and b.ndim == 2:
        return mm(a, b)
    if a.ndim == 1 and b.ndim == 2:  # a row vector: torch unsqueezes it, multiplies, and squeezes the row away
        return R["squeeze_matmul"](mm(a.unsqueeze(0), b), params=(0,))
    if a.ndim == 1:  # vector @ batch = batch^T @ vector
        return _matmul(b.transpose(-1, -2), a)
    if b.ndim == 1:  # batch @ vector: torch folds the batch into one mv
        if a.shape[-1] != b.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({int(np.prod(a.shape[:-1]))}), mat "
                               f"({int(np.prod(a.shape[:-1]))}x{a.shape[-1]}), vec ({b.shape[0]})")
        return R["unsafe_view"](mv(a.reshape(-1, a.shape[-1]), b), params=(tuple(a.shape[:-1]),))
    if b.ndim == 2:  # batch @ matrix: torch folds the batch into one mm
        lead = a.shape[:-1]
        if a.shape[-1] != b.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({int(np.prod(lead))}x{a.shape[-1]} and "
                               f"{b.shape[0]}x{b.shape[1]})")
        return R["unsafe_view"](mm(a.reshape(-1, a.shape[-1]), b), params=(tuple(lead) + (b.shape[1],),))
    x, y = operands(a, b)
    try:
        return R["bmm"](a, b, arrays=(x, y))
    except ValueError:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{a.shape[0]}, {a.shape[-1]}] but got: [{b.shape[0]}, {b.shape[-2]}].") from None


@op("bmm")
def bmm(input, mat2):
    """Batches of matrix products: (b, n, m) @ (b, m, p), one BmmBackward0 node."""
    if input.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if mat2.ndim != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    if input.dtype is not mat2.dtype:
        raise RuntimeError(f"expected scalar type {_scalar_type(input)} but found {_scalar_type(mat2)}")
    if mat2.shape[:2] != (input.shape[0], input.shape[2]):
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{input.shape[0]}, {input.shape[2]}] but got: [{mat2.shape[0]}, {mat2.shape[1]}].")
    return R["bmm"](input, mat2, arrays=(input._data, mat2._data))


def _same_dtype(a, b):
    if a.dtype is not b.dtype:  # torch's matrix products do not promote
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: {a.dtype.c_name} != {b.dtype.c_name}")


def _scalar_type(x):
    """x's dtype as torch's ScalarType names it in messages: Float, Double, Long."""
    return x.dtype.legacy_name[:-len("Tensor")]


def _strides(x):
    """A matrix's strides in elements, as torch saves them for mm's backward."""
    return tuple(step // x._data.itemsize for step in x._data.strides)


def _grad_mat1(g, mat2, mat1_strides):
    """torch's mm_mat1_backward: a column-major mat1's gradient is computed transposed, column-major too
    (the product's accumulation order follows)."""
    if mat1_strides[0] == 1 and mat1_strides[1] == g.shape[0]:
        return mat2.mm(g.t()).t()
    return g.mm(mat2.t())


def _grad_mat2(g, mat1, mat2_strides):
    """torch's mm_mat2_backward, likewise for a column-major mat2 (nn.Linear's weight.t())."""
    if mat2_strides[0] == 1 and mat2_strides[1] == mat1.shape[1]:
        return g.t().mm(mat1).t()
    return mat1.t().mm(g)


@op("mm", rules=dict(mm=Rule(
    "MmBackward0", lambda a, b, a_strides, b_strides: gemm.product(a, b),
    lambda g, out, a, b, a_strides, b_strides: _grad_mat1(g, b, a_strides),
    lambda g, out, a, b, a_strides, b_strides: _grad_mat2(g, a, b_strides),
    reads=((1,), (0,)), formulas=("grad @ b.T", "a.T @ grad"),
    saved_names=("self", "mat2", "self_sym_strides", "mat2_sym_strides"))))
def mm(a, b):
    if a.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if b.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    _same_dtype(a, b)
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
                           f"{b.shape[0]}x{b.shape[1]})")
    return binary(R["mm"], a, b, (_strides(a), _strides(b)))


@op("mv", rules=dict(mv=Rule("MvBackward0", gemm.matrix_vector, lambda g, out, a, b: g.unsqueeze(1) * b,
                             lambda g, out, a, b: a.t().mv(g), reads=((1,), (0,)),
                             formulas=("outer(grad, b)", "a.T @ grad"), saved_names=("self", "vec"))))
def mv(a, b):
    if a.ndim != 2 or b.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {a.ndim}, {b.ndim}")
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({a.shape[0]}), mat ({a.shape[0]}x{a.shape[1]}), vec ({b.shape[0]})")
    if a.dtype is not b.dtype:  # torch computes mv as addmv into a result of the vector's dtype
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {_scalar_type(b)}, "
                           f"{_scalar_type(a)}, and {_scalar_type(b)}")
    return binary(R["mv"], a, b)


@op("dot", rules=dict(dot=Rule("DotBackward0", gemm.vector_dot, lambda g, out, a, b: g * b, lambda g, out, a, b: g * a,
                               reads=((1,), (0,)), formulas=("b", "a"), saved_names=("self", "tensor"))))
def dot(a, b):
    if a.ndim != 1 or b.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.ndim}D and {b.ndim}D tensors")
    if a.shape[0] != b.shape[0]:
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] to have "
                           f"the same number of elements, but got {a.shape[0]} and {b.shape[0]} elements respectively")
    if a.dtype is not b.dtype:
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found {a.dtype.legacy_name[:-6]} and "
                           f"{b.dtype.legacy_name[:-6]}")
    return binary(R["dot"], a, b)


@op("outer")
def outer(a, b):
    return a.unsqueeze(1) * b  # torch records outer as a broadcast multiply (MulBackward0)


def _times(grad, scale):
    return grad * scale if scale != 1 else grad


@op("addmm", rules=dict(addmm=Rule(
    "AddmmBackward0",
    lambda a, b, c, beta, alpha, *strides: gemm.product(b, c, a, beta, alpha),
    lambda g, out, a, b, c, beta, alpha, *strides: _times(g, beta),
    lambda g, out, a, b, c, beta, alpha, b_strides, c_strides: _times(_grad_mat1(g, c, b_strides), alpha),
    lambda g, out, a, b, c, beta, alpha, b_strides, c_strides: _times(_grad_mat2(g, b, c_strides), alpha),
    reads=((), (2,), (1,)), formulas=("beta", "alpha * grad @ c.T", "alpha * b.T @ grad"),
    saved_names=("self", "mat1", "mat2", "beta", "alpha", "mat1_sym_strides", "mat2_sym_strides"))))
def addmm(input, mat1, mat2, beta=1, alpha=1):
    """beta * input + alpha * (mat1 @ mat2), one node (nn.functional.linear records it)."""
    for operand, name in ((input, "self"), (mat1, "mat1")):  # before the shapes, as torch's addmm checks
        if operand.dtype is not mat2.dtype:
            raise RuntimeError(f"{name} and mat2 must have the same dtype, but got {_scalar_type(operand)} and "
                               f"{_scalar_type(mat2)}")
    mm(mat1, mat2)  # torch's checks and messages for the product (the value is recomputed in the rule)
    arrays = (input._data, mat1._data, mat2._data)
    try:
        return R["addmm"](input, mat1, mat2, params=(beta, alpha, _strides(mat1), _strides(mat2)), arrays=arrays)
    except ValueError:
        raise RuntimeError(f"The expanded size of the tensor ({mat2.shape[1]}) must match the existing size "
                           f"({input.shape[-1]}) at non-singleton dimension 1.") from None


class LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError (torch._C._LinAlgError): a singular matrix, for example."""


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"


def _solve_forward(a, b, vector, left):
    if min(a.size, b.size) and mkl_linalg.blas_available(a, b):  # torch's LAPACK calls
        x, singular = mkl_linalg.solve(a, b[..., None] if vector else b, left)
        x = x[..., 0] if vector and singular is None else x
    else:
        x = _numpy_solve(a, b, vector, left)
        singular = None if x is not None else next(i for i, m in enumerate(a.reshape(-1, *a.shape[-2:]))
                                                    if _is_singular(m))
    if singular is not None:
        where = f"(Batch element {singular}): " if a.ndim > 2 else ""
        raise LinAlgError(f"torch.linalg.solve: {where}The solver failed because the input matrix is singular.")
    return x


def _numpy_solve(a, b, vector, left):
    try:
        if vector:
            return np.linalg.solve(a, b[..., None])[..., 0]
        if left:
            return np.linalg.solve(a, b)
        return np.linalg.solve(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2)).swapaxes(-1, -2)
    except np.linalg.LinAlgError:
        return None


def _is_singular(matrix):
    try:
        np.linalg.solve(matrix, np.zeros(matrix.shape[-1], matrix.dtype))
        return False
    except np.linalg.LinAlgError:
        return True


def _solve_grad_b(g, a, vector, left):
    """The gradient of B: g solved against A^T from the same side, itself recorded (second derivatives work).
    As torch's linalg_solve_backward: under create_graph, solve(A^T, g) (a factorization of A^T); else A's own
    factorization solved transposed (solve(A, g^T) from the other side, transposed back)."""
    matrix = g.unsqueeze(-1) if vector else g  # as torch's formula: the vectors as one-column matrices, and back
    if is_grad_enabled():
        gb = R["solve"](a.transpose(-1, -2), matrix, params=(False, left))
    else:
        gb = R["solve"](a, matrix.transpose(-1, -2), params=(False, not left)).transpose(-1, -2)
    return gb.squeeze(-1) if vector else gb


def _solve_grad_a(g, out, a, vector, left):
    gb = _solve_grad_b(g, a, vector, left)
    if vector:
        return -(gb.unsqueeze(-1) * out.unsqueeze(-2))
    return -(gb @ out.transpose(-1, -2)) if left else -(out.transpose(-1, -2) @ gb)


@op("solve", method=False, namespaces=("torch.linalg",), tensors=2, rules=dict(solve=Rule(
    "LinalgSolveExBackward0", _solve_forward,
    lambda g, out, a, b, vector, left: _solve_grad_a(g, out, a, vector, left),
    lambda g, out, a, b, vector, left: _solve_grad_b(g, a, vector, left), save="both", reads=((0,), (0,)),
    formulas=("-solve(a.T, grad) @ out.T", "solve(a.T, grad)"), saved_names=("A", "B", "vector", "left"))))
def solve(A, B, left=True):
    """torch.linalg.solve: X with A @ X = B (left=False: X @ A = B); B a vector or matrices, batched as A."""
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.solve: A must be batches of square matrices, but they are "
                           f"{A.shape[-2] if A.ndim > 1 else 1} by {A.shape[-1]} matrices")
    vector = left and (B.ndim == 1 or B.ndim == A.ndim - 1 and B.shape == A.shape[:-1])  # B: (batches of) vectors
    return binary(R["solve"], A, B, (vector, left), floating=True)


# ---- torch.linalg.lstsq -------------------------------------------------------------------------------------

_LSTSQ_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")
_LSTSQ_FIELDS = ("solution", "residuals", "rank", "singular_values")


def _pinv_forward(a):
    """torch.linalg.pinv's value (not Hermitian, default tolerances): V diag(1/S) U^T from the reduced SVD (MKL's
    ?gesdd_ as torch calls it; NumPy's, the same LAPACK routine, without MKL: the last bits may differ), the
    singular values at most eps * max(m, n) * S[0] dropped; the product is torch's matmul."""
    if not a.size:
        return np.zeros(a.shape[:-2] + a.shape[:-3:-1], a.dtype)
    u, s, vh = mkl_linalg.svd(a) if mkl_linalg.blas_available(a) else np.linalg.svd(a, full_matrices=False)
    tolerance = a.dtype.type(np.finfo(a.dtype).eps * max(a.shape[-2:])) * s[..., :1]
    s_inverse = np.where(s > tolerance, 1 / np.where(s > tolerance, s, 1), 0).astype(a.dtype)
    return _matmul(_make(np.swapaxes(vh, -1, -2) * s_inverse[..., None, :]), _make(np.swapaxes(u, -1, -2)))._data


def _pinv_backward(g, pinv, a):
    """torch's pinv_backward (FunctionsManual.cpp): its products grouped to keep the matrices small, its terms
    added in its order."""
    pinv_t, g_t = pinv.transpose(-1, -2), g.transpose(-1, -2)
    if a.shape[-2] <= a.shape[-1]:
        k = g_t @ pinv
        k_pinv_t = k @ pinv_t
        return (-(pinv @ k).transpose(-1, -2) + k_pinv_t - (a @ pinv) @ k_pinv_t
                + (pinv_t @ pinv) @ (g_t - k @ a))
    k = pinv @ g_t
    pinv_t_k = pinv_t @ k
    return -(k @ pinv).transpose(-1, -2) + ((g_t - a @ k) @ pinv) @ pinv_t + pinv_t_k - (pinv_t_k @ pinv) @ a


# The pseudo-inverse, for lstsq's backward: its own vjp is pinv_backward, so that gradients of gradients work.
rule("pinv", Rule("LinalgPinvBackward0", _pinv_forward, lambda g, out, a: _pinv_backward(g, out, a), save="both",
                  formulas=("pinv_backward(grad, out, a)",), saved_names=("self",)))


def _as_matrix(x, vector):
    return x.unsqueeze(-1) if vector else x


def _lstsq_grad_a(g, a, b, vector):
    """linalg_lstsq_backward's A term: pinv_backward of grad @ B^T, the pseudo-inverse recomputed."""
    return _pinv_backward(_as_matrix(g, vector) @ _as_matrix(b, vector).transpose(-1, -2), R["pinv"](a), a)


def _lstsq_grad_b(g, a, vector):
    gb = R["pinv"](a).transpose(-1, -2) @ _as_matrix(g, vector)
    return gb.squeeze(-1) if vector else gb


def _residual_term(g, a, b, solution, vector):
    """2 (A X - B) * grad: minus B's gradient from the residuals, A's once multiplied by X^T.  The solution X is
    held fixed (at the minimum, a change of X leaves the residuals unchanged to first order).  None where there
    are no residuals (the driver gelsy, or m <= n)."""
    if not g.numel():
        return None
    return 2 * ((a @ _as_matrix(solution, vector) - _as_matrix(b, vector)) * g.unsqueeze(-2))


def _residuals_grad_a(g, a, b, solution, vector):
    term = _residual_term(g, a, b, solution, vector)
    return None if term is None else term @ _as_matrix(solution, vector).transpose(-1, -2)


def _residuals_grad_b(g, a, b, solution, vector):
    term = _residual_term(g, a, b, solution, vector)
    return None if term is None else -(term.squeeze(-1) if vector else term)


def _lstsq_arrays(a, b, vector, rcond, driver):
    """(solution, residuals, rank, singular values) as arrays, as torch's linalg_lstsq_out_info computes them:
    B copied into a column-major buffer of max(m, n) rows that LAPACK overwrites with X, whose rows n:m then
    hold the residuals' terms (summed squared when m > n, for gels always, for gelsd and gelss when every
    matrix has rank n); the solution is a column-major view of its first n rows (a contiguous vector)."""
    m, n = a.shape[-2:]
    rhs = b[..., None] if vector else b
    a_batch, b_batch = a.shape[:-2], rhs.shape[:a.ndim - 2]  # torch broadcasts B's dims that line up with A's batch
    try:
        batch = np.broadcast_shapes(a_batch, b_batch)
    except ValueError:
        raise broadcast_error(np.empty(a_batch, bool), np.empty(b_batch, bool)) from None
    buffer = np.zeros(batch + (rhs.shape[-1], max(m, n)), a.dtype)
    buffer[..., :m] = np.swapaxes(rhs, -1, -2)
    terms = buffer[..., n:]
    rank, singular = np.zeros(a.shape[:-2], np.int64), np.zeros(a.shape[:-2] + (min(m, n),), a.dtype)
    if np.prod(batch, dtype=np.int64):
        if mkl_linalg.blas_available(a, b):
            found_rank, found_singular, infos = mkl_linalg.lstsq(a, buffer, rcond, driver)
            rank = rank if found_rank is None else found_rank
            singular = singular if found_singular is None else found_singular
        else:
            infos, terms = _numpy_lstsq(a, buffer, rcond, driver, rank, singular)
        failed = np.flatnonzero(infos)
        if failed.size:
            where = f"(Batch element {failed[0]}): " if infos.size > 1 else ""
            raise LinAlgError(f"torch.linalg.lstsq: {where}The least squares solution could not be computed because "
                              f"the input matrix does not have full rank (error code: {infos.flat[failed[0]]}).")
    residuals = np.zeros(0, a.dtype)
    if m > n and (driver == "gels" or driver != "gelsy" and np.all(rank == n)):
        residuals = reduce.torch_sum(terms * terms, -1)
    solution = buffer[..., 0, :n] if vector else np.swapaxes(buffer, -1, -2)[..., :n, :]
    return (solution, residuals, rank if driver != "gels" else np.zeros(0, np.int64),
            singular if driver in ("gelsd", "gelss") else np.zeros(0, a.dtype))


def _numpy_lstsq(a, buffer, rcond, driver, rank, singular):
    """Without MKL: NumPy's lstsq (LAPACK's SVD-based ?gelsd) for every driver, matrix by matrix, writing X into
    buffer and filling rank and singular: the same solutions up to rounding (the last bits may differ from
    torch's), and gels's refusal of a matrix with a zero (to rounding) on the diagonal of its triangular factor.
    Returns (infos, the residuals' terms: the rows of A X - B, column-major)."""
    m, n = a.shape[-2:]
    infos = np.zeros(a.shape[:-2], np.int32)
    if not (m and n):  # LAPACK's quick return: gels zeroes B, the others leave it
        if driver == "gels":
            buffer[...] = 0
        return infos, buffer[..., n:]
    terms = np.zeros(buffer.shape[:-1] + (m,), a.dtype)
    for index in np.ndindex(*buffer.shape[:-2]):
        source = tuple(i if size > 1 else 0 for i, size in zip(index[len(index) - (a.ndim - 2):], a.shape[:-2]))
        matrix, rhs = a[source], buffer[index][:, :m].T.copy()  # X overwrites the buffer
        if driver == "gels":  # MKL's QR leaves exact zeros where NumPy's leaves rounding errors: a tolerance
            diagonal = np.abs(np.diagonal(np.linalg.qr(matrix if m >= n else matrix.T, mode="r")))
            zeros = np.flatnonzero(diagonal <= np.finfo(a.dtype).eps * max(m, n) * diagonal.max())
            if zeros.size:
                infos[source] = zeros[0] + 1
                continue
        x, _, rank[source], singular[source] = np.linalg.lstsq(matrix, rhs, rcond=rcond)
        buffer[index][:, :n] = x.T
        terms[index] = (matrix @ x - rhs).T
    return infos, terms


@op("lstsq", method=False, namespaces=("torch.linalg",), tensors=2, rules=dict(
    lstsq=Rule("LinalgLstsqBackward0", lambda a, b, solution, vector: solution,
               lambda g, out, a, b, solution, vector: _lstsq_grad_a(g, a, b, vector),
               lambda g, out, a, b, solution, vector: _lstsq_grad_b(g, a, vector), reads=((0, 1), (0,)),
               formulas=("pinv_backward(grad @ b.T, pinv(a), a)", "pinv(a).T @ grad"), saved_names=("self", "b")),
    lstsq_residuals=Rule(
        "LinalgLstsqBackward0", lambda a, b, residuals, solution, vector: residuals,
        lambda g, out, a, b, residuals, solution, vector: _residuals_grad_a(g, a, b, solution, vector),
        lambda g, out, a, b, residuals, solution, vector: _residuals_grad_b(g, a, b, solution, vector),
        formulas=("2 (a @ x - b) * grad @ x.T", "-2 (a @ x - b) * grad"), saved_names=("self", "b"))))
def lstsq(A, B, rcond=None, *, driver=None):
    """torch.linalg.lstsq: X minimizing |A X - B| (B: matrices, or vectors), batched, with LAPACK's `driver`
    (gelsy by default; gels, gelsd, gelss) through MKL as torch calls it, NumPy's lstsq without MKL (see
    _numpy_lstsq).  A named tuple (solution, residuals, rank, singular_values); the fields a driver does not
    compute are empty.  The solution and the residuals are differentiable."""
    if A.ndim < 2:
        raise RuntimeError("torch.linalg.lstsq: input must have at least 2 dimensions.")
    if B.ndim < 1:
        raise RuntimeError("torch.linalg.lstsq: other must have at least 1 dimension.")
    if A.dtype is not B.dtype:
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same dtype, but got input's "
                           f"dtype {A.dtype.legacy_name[:-6]} and other's dtype {B.dtype.legacy_name[:-6]}")
    if not 0 <= A.ndim - B.ndim <= 1:
        raise RuntimeError("torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() and "
                           "(input.dim() - other.dim()) <= 1")
    vector = B.ndim == 1 or B.ndim == A.ndim - 1 and B.shape == A.shape[:-1]
    if A.shape[-2] != (B.shape[-1] if vector else B.shape[-2]):
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match other.size({-1 if vector else -2})")
    driver = "gelsy" if driver is None else driver.lower()
    if driver not in _LSTSQ_DRIVERS:
        raise RuntimeError("torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    if A._data.dtype not in (np.float32, np.float64):
        raise RuntimeError("This function doesn't handle types other than float and double")
    if rcond is None:
        rcond = float(np.finfo(A.dtype.np).eps) * max(A.shape[-2:])
    solution, residuals, rank, singular = _lstsq_arrays(A._data, B._data, vector, rcond, driver)
    arrays = (A._data, B._data)
    solution = R["lstsq"](A, B, params=(solution, vector), arrays=arrays)
    residuals = R["lstsq_residuals"](A, B, params=(residuals, solution, vector), arrays=arrays)
    return return_type("linalg_lstsq", _LSTSQ_FIELDS)(solution, residuals, _make(rank), _make(singular))
