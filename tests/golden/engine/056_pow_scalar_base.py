import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = 2 ** x
print(y)
y.sum().backward()
print(x.grad)
x.grad = None
z = torch.pow(3, x)
print(z)
z.sum().backward()
print(x.grad)
print(y.grad_fn.name())
