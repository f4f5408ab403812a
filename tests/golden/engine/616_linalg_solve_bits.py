# torch.linalg.solve's bits: LAPACK's LU (getrf) and solve (getrs) as torch calls them, forward and backward,
# float32 and float64, matrix and vector right-hand sides, left=False, a transposed A, a batch, n = 33
# (where the threaded MKL's getrf differs from the sequential one's).
import torch
_ = torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for n, k in ((3, 1), (7, 4), (33, 9)):
        A = (torch.randn(n, n, dtype=dtype) + 0.3 * n * torch.eye(n, dtype=dtype)).requires_grad_()
        B = torch.randn(n, k, dtype=dtype, requires_grad=True)
        X = torch.linalg.solve(A, B)
        gA, gB = torch.autograd.grad((X * torch.arange(n * k, dtype=dtype).reshape(n, k)).sum(), (A, B))
        print(dtype, n, k, X.flatten()[:6].tolist(), gA.flatten()[:4].tolist(), gB.flatten()[:4].tolist())
        Xt = torch.linalg.solve(A.t(), B)
        Xr = torch.linalg.solve(A, B.t(), left=False)
        print(Xt.flatten()[:4].tolist(), Xr.flatten()[:4].tolist(), torch.linalg.solve(A, B[:, 0]).tolist()[:4])
        print(torch.autograd.grad(torch.linalg.solve(A, B[:, 0]).sum(), A)[0].flatten()[:4].tolist())
    A3 = torch.randn(2, 5, 5, dtype=dtype) + 2 * torch.eye(5, dtype=dtype)
    print(torch.linalg.solve(A3, torch.randn(5, 2, dtype=dtype)).flatten().tolist())
    A3[1] = 0
    try:
        torch.linalg.solve(A3, torch.ones(5, dtype=dtype))
    except Exception as e:
        print(type(e).__name__, e)
