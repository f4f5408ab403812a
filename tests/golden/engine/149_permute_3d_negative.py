import torch

x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
y = x.permute(-1, 0, -2)
print(y.shape, y[0])
z = x.transpose(-1, -3)
print(z.shape, z.grad_fn.name())
(y.sum(0) * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(x.grad)
