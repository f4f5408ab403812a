# torch.linalg.norm (vector norms, Frobenius) and torch.linalg.vector_norm, their gradients and errors
import torch
torch.manual_seed(0)
A = torch.randn(3, 4, requires_grad=True)
print(torch.linalg.norm(A), torch.linalg.norm(A, dim=1), torch.linalg.norm(A, 'fro'), torch.linalg.norm(A[0], 3), torch.linalg.norm(A, ord=1, dim=0))
print(torch.linalg.vector_norm(A), torch.linalg.vector_norm(A, 1, dim=1, keepdim=True), torch.linalg.vector_norm(A, float("inf")))
torch.linalg.norm(A).backward()
print(A.grad)
for f in [lambda: torch.linalg.norm(A, 3), lambda: torch.linalg.norm(A[None], "fro")]:
    try:
        f()
    except RuntimeError as e:
        print(e)
