import torch

x = torch.arange(6.0, requires_grad=True)
y = x.reshape(2, 3)
z = x.view(3, 2)
print(y, z)
print(x.reshape(-1, 2).shape, x.view(-1).shape, x.reshape(1, -1, 3).shape)
(y * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(x.grad)
print(y.grad_fn.name(), z.grad_fn.name())
print(x.reshape((3, 2)).shape, x.view((2, 3)).shape, torch.reshape(x, (6, 1)).shape)
