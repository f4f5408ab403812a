import torch

x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
print(x.mean(dim=(0, 2)), x.sum(dim=(-1, -3), keepdim=True).shape)
print(x.mean(-1, keepdim=True).shape, x.sum(dim=[1]).shape)
y = x.mean(dim=(1, 2))
y.backward(torch.tensor([12.0, 24.0]))
print(x.grad)
print(x.max(dim=-1).values, x.min(dim=0).indices)
