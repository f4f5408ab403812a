import torch
from torch.autograd import grad

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 2).sum()
g = grad(y, x)
print(g)
print(type(g).__name__, len(g), g[0].requires_grad)
print(x.grad)
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)
ga, gb = torch.autograd.grad(a * b + b ** 2, [a, b])
print(ga, gb)
