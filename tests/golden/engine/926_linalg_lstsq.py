# torch.linalg.lstsq: LAPACK's least-squares drivers as torch calls them, float32 and float64, square, tall and
# wide A, vector and matrix right-hand sides, batches (A broadcast over B's batch), rank-deficient A; the result's
# repr; the gradients of the solution and of the residuals. Bits for gels, gelsd and gelss; the default gelsy's
# results are printed (torch 2.13 hands ?gelsy_ an uninitialized jpvt, whose contents change its last bits from
# run to run), its gradients' bits (from the pseudo-inverse, not from its solution) included.
import torch
_ = torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for m, n, k in ((4, 4, 2), (9, 3, 1), (3, 7, 2), (40, 35, 3)):
        A = torch.randn(m, n, dtype=dtype, requires_grad=True)
        B = torch.randn(m, k, dtype=dtype, requires_grad=True)
        for driver in ("gels", "gelsd", "gelss"):
            if driver == "gels" and m < n:
                continue
            X, residuals, rank, singular = torch.linalg.lstsq(A, B, driver=driver)
            print(dtype, m, n, k, driver, X.flatten()[:6].tolist(), residuals.tolist(), rank.tolist(),
                  singular.tolist()[:4])
        result = torch.linalg.lstsq(A, B)
        print(result.solution[:3], result.residuals, result.rank, result.singular_values)
        weights = torch.arange(n * k, dtype=dtype).reshape(n, k)
        gA, gB = torch.autograd.grad((result.solution * weights).sum(), (A, B))
        print(gA.flatten()[:6].tolist(), gB.flatten()[:6].tolist())
        x = torch.linalg.lstsq(A, B[:, 0], driver="gelsd").solution
        print(x.tolist()[:6], torch.autograd.grad(x.sum(), A)[0].flatten()[:4].tolist())
        if m > n:
            residuals = torch.linalg.lstsq(A, B, driver="gels").residuals
            gA, gB = torch.autograd.grad((residuals * torch.arange(1, k + 1, dtype=dtype)).sum(), (A, B))
            print(residuals.tolist(), gA.flatten()[:4].tolist(), gB.flatten()[:4].tolist())
    A3 = torch.randn(2, 6, 3, dtype=dtype)
    B3 = torch.randn(2, 6, 2, dtype=dtype)
    print(torch.linalg.lstsq(A3, B3, driver="gelsd").solution.flatten().tolist())
    print(torch.linalg.lstsq(A3, B3).solution)
    print(torch.linalg.lstsq(A3[:1], B3, driver="gelss").rank.tolist())
    print(torch.linalg.lstsq(A3, B3[..., 0], driver="gels").residuals.tolist())
    deficient = torch.randn(6, 2, dtype=dtype) @ torch.randn(2, 4, dtype=dtype)
    for driver in ("gelsy", "gelsd", "gelss"):
        print(torch.linalg.lstsq(deficient, B3[0], driver=driver))
    print(torch.linalg.lstsq(deficient, B3[0], rcond=1e-3, driver="gelsd").solution.flatten().tolist())
    try:
        torch.linalg.lstsq(torch.ones(2, 5, 3, dtype=dtype), B3[:, :5], driver="gels")
    except RuntimeError as e:
        print(e)
A = torch.tensor([[1., 2.], [3., 4.], [5., 7.]], requires_grad=True)
print(torch.linalg.lstsq(A, torch.tensor([1., 2., 4.])))
print(torch.linalg.lstsq(A, torch.tensor([[1.], [2.], [4.]]), driver="gelss"))
print(torch.linalg.lstsq(A.detach(), torch.tensor([1., 2., 4.]), driver="gels"))
print(torch.linalg.lstsq(torch.ones(0, 2), torch.ones(0, 3)))
print(torch.linalg.lstsq(torch.ones(3, 0), torch.ones(3, 2), driver="gels"))
print(torch.linalg.lstsq(torch.ones(3, 0), torch.ones(3, 2), driver="gelsd"))
for args in [(torch.ones(3), torch.ones(3)), (torch.ones(3, 2), torch.ones(3, 1).double()), (torch.ones(3, 2), torch.ones(4, 1)),
             (torch.ones(3, 2), torch.ones(4)), (torch.ones(3, 2), torch.ones(3, 1, 1, 1)), (torch.ones(3, 2), torch.tensor(1.)),
             (torch.ones(3, 2, dtype=torch.int64), torch.ones(3, 1, dtype=torch.int64)), (torch.ones(2, 3, 2), torch.ones(1, 3)),
             (torch.ones(2, 3, 2), torch.ones(3, 3, 1)), (torch.ones(2, 3, 2), torch.ones(3, 1))]:
    try:
        torch.linalg.lstsq(*args)
    except RuntimeError as e:
        print(e)
try:
    torch.linalg.lstsq(torch.ones(3, 2), torch.ones(3, 1), driver="qr")
except RuntimeError as e:
    print(e)
print(torch.linalg.lstsq(torch.eye(2), torch.ones(2), driver="GELSD").rank)
print(torch.linalg.lstsq(torch.eye(2, requires_grad=True), torch.ones(2)).solution.grad_fn)
try:
    torch.lstsq(torch.ones(3, 1), torch.ones(3, 2))
except RuntimeError as e:
    print(e)
