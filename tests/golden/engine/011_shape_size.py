import torch

x = torch.zeros(2, 3, 4)
print(x.shape)
print(x.size())
print(x.size(0), x.size(1), x.size(-1))
print(x.shape[1], x.shape[-1])
print(x.dim(), x.ndim)
print(x.numel())
print(len(x))
print(torch.tensor(5.0).shape, torch.tensor(5.0).dim(), torch.tensor(5.0).numel())
print(torch.tensor([]).shape, torch.tensor([]).numel())
