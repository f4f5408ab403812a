import torch

x = torch.arange(12.0).reshape(3, 4).requires_grad_()
print(x[1], x[1, 2], x[:, 1], x[0:2, 1:3], x[-1, -1])
print(x[1][2], x[:, -1], x[::2, ::3])
y = x[1:, :2]
y.sum().backward()
print(x.grad)
x.grad = None
x[:, 3].sum().backward()
print(x.grad)
