import torch

x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
y = (x ** 2).sum()
y.backward()
print(x, y)
print(x.grad, x.grad.dtype)
z = torch.tensor([0.1, 0.2], dtype=torch.double)
print(z, z.dtype)
print(z.sum().item())
print(torch.tensor([0.1, 0.2]).sum().item())
