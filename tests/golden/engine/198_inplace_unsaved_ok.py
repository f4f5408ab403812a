import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 1
z = y + 1
y.mul_(2)
print(y._version, z)
z.sum().backward()
print(x.grad)
a = x * 1
b = a.sum()
a.add_(100)
b.backward()
print(x.grad, a)
