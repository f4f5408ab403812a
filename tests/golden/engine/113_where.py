import torch

x = torch.tensor([-1.0, 2.0, -3.0, 4.0], requires_grad=True)
y = torch.tensor([10.0, 20.0, 30.0, 40.0], requires_grad=True)
cond = x > 0
z = torch.where(cond, x, y)
print(cond, z)
z.sum().backward()
print(x.grad, y.grad)
print(z.grad_fn.name())
w = torch.where(x > 0, x * 2, torch.zeros_like(x))
print(w)
print(torch.where(x > 0, x, 0.0))
print(torch.where(torch.tensor([True, False]), 1, 0))
