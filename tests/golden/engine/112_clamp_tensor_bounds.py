import torch

x = torch.tensor([0.5, 2.5, -3.0], requires_grad=True)
lo = torch.tensor([0.0, 0.0, -1.0])
hi = torch.tensor([1.0, 2.0, 1.0])
y = torch.clamp(x, min=lo, max=hi)
print(y)
y.sum().backward()
print(x.grad)
print(torch.clamp(x, min=lo), x.clamp(max=hi).grad_fn.name())
