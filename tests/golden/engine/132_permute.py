import torch

x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
y = x.permute(2, 0, 1)
print(y.shape)
print(y[1])
(y * torch.arange(4.0).reshape(4, 1, 1)).sum().backward()
print(x.grad)
print(y.grad_fn.name(), torch.permute(x, (1, 0, 2)).shape)
