import torch

b = torch.tensor([True, False, True])
print(b + 1, (b + 1).dtype)
print(b + b, (b + b).dtype)
print(b * 1.5)
print(b.sum(), b.sum().dtype)
print(b & torch.tensor([True, True, False]), b | False)
print(~b)
print(b.float(), b.long())
print(b + torch.tensor([1, 2, 3]))
