import torch

s = torch.zeros(2, 3).shape
print(s)
print(type(s).__name__)
print(s == (2, 3), s == torch.Size([2, 3]))
print(tuple(s), list(s))
print(s[0], s[-1], len(s))
print(torch.Size([4, 5]))
print(torch.Size([]))
print(torch.ones(s))
print(torch.zeros(2, 3).size() == s)
print(s.numel())
