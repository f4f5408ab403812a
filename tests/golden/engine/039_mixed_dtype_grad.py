import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], dtype=torch.float64, requires_grad=True)
c = a * b
print(c, c.dtype)
c.sum().backward()
print(a.grad, a.grad.dtype)
print(b.grad, b.grad.dtype)
n = torch.tensor([1, 2])
d = (a * n).sum()
d.backward()
print(a.grad)
