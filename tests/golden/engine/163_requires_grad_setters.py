import torch

x = torch.tensor([1.0, 2.0])
print(x.requires_grad)
r = x.requires_grad_()
print(r is x, x.requires_grad, x)
x.requires_grad_(False)
print(x.requires_grad)
x.requires_grad = True
print(x.requires_grad)
y = torch.ones(2).requires_grad_(True)
(x * y).sum().backward()
print(x.grad, y.grad)
