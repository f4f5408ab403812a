import torch

x = torch.arange(6.0)
v = x.view(2, 3)
v[0, 0] = 100.0
print(x)
r = x.reshape(3, 2)
r[2, 1] = -1.0
print(x, v)
t = x.view(2, 3).t()
print(t.is_contiguous(), t.reshape(-1))
