import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
print(x[None].shape, x[:, None].shape, x[..., None].shape)
print(x[..., 0], x[None, 1])
print(x[..., 1:].shape, x[1, ..., 2])
y = x[:, None, :] * torch.ones(2, 2, 3)
y.sum().backward()
print(x.grad)
print(x[None].grad_fn.name())
