import torch

a = torch.tensor([])
print(a, a.dtype, a.shape)
b = torch.zeros(0, 3)
print(b, b.shape)
c = torch.ones(2, 0)
print(c, c.shape)
d = torch.tensor([], dtype=torch.long)
print(d)
print(torch.arange(0))
print(a.sum(), b.sum(0))
