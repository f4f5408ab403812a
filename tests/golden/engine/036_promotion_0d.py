import torch

v32 = torch.tensor([1.0, 2.0])
s64 = torch.tensor(2.0, dtype=torch.float64)
print((v32 * s64).dtype, v32 * s64)
vi = torch.tensor([1, 2])
print((vi * s64).dtype, vi * s64)
si = torch.tensor(3)
print((v32 * si).dtype, (vi * si).dtype)
print((vi * torch.tensor(1.5)).dtype)
v64 = torch.tensor([1.0], dtype=torch.float64)
print((v64 + torch.tensor([1.0])).dtype, (v64 + 1.0).dtype)
i32 = torch.tensor([1, 2], dtype=torch.int32)
print((i32 + 1).dtype, (i32 + vi).dtype, (i32 + si).dtype, (i32 * 1.5).dtype)
