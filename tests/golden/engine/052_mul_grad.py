import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
s = torch.tensor(4.0, requires_grad=True)
y = x * s
print(y)
y.sum().backward()
print(x.grad, s.grad)
z = torch.mul(x, x)
print(z)
x.grad = None
z.sum().backward()
print(x.grad)
