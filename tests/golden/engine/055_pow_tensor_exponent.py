import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
e = torch.tensor([2.0, 0.5, -1.0], requires_grad=True)
y = x ** e
print(y)
y.sum().backward()
print(x.grad)
print(e.grad)
z = torch.pow(x, e)
print(z.grad_fn.name(), (x ** 2).grad_fn.name())
