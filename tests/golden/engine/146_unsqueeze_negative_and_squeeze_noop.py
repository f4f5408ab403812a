import torch

x = torch.tensor([[1.0, 2.0]], requires_grad=True)
print(x.unsqueeze(-1).shape, x.unsqueeze(-3).shape, x.unsqueeze(2).shape)
print(x.squeeze(1).shape, x.squeeze(0).shape, x.squeeze(-2).shape)
y = x.squeeze(1)
print(y.grad_fn.name(), y.shape)
(y * 3).sum().backward()
print(x.grad)
