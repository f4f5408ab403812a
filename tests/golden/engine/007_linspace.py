import torch

print(torch.linspace(0, 1, 5))
print(torch.linspace(-1, 1, steps=4))
print(torch.linspace(2, 10, 5))
x = torch.linspace(0, 3, 4, requires_grad=True)
print(x, x.is_leaf)
(x ** 2).sum().backward()
print(x.grad)
