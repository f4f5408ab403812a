import torch

A = torch.arange(12.0).reshape(2, 2, 3).requires_grad_()
B = torch.tensor([[1.0, 2.0], [0.0, 1.0], [-1.0, 0.5]], requires_grad=True)
C = A @ B
print(C)
C.sum().backward()
print(A.grad)
print(B.grad)
print(C.shape)
