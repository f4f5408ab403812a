import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
print(y, y.grad_fn.name())
y.mul_(x)
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
z = x + 0
z.zero_()
print(z, z.grad_fn.name())
w = x * 1
w.fill_(2.0)
(w * x).sum().backward()
print(x.grad)
