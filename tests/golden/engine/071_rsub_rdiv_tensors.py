import torch

x = torch.tensor([2.0, 4.0], requires_grad=True)
y = 10.0 / x - 3.0 * (1 - x) ** 2
print(y)
y.sum().backward()
print(x.grad)
z = 2.0 ** (-x) + (x / 4) ** 0.5
print(z)
x.grad = None
z.sum().backward()
print(x.grad)
