import torch

print(torch.tensor([1, 2], dtype=float))
print(torch.tensor([1.7, -2.7], dtype=int))
print(torch.tensor([0, 2], dtype=bool))
print(torch.ones(2, dtype=float).dtype, torch.zeros(2, dtype=int).dtype)
print(torch.arange(3, dtype=float))
print(torch.tensor([0.5, 1.5]).to(int))
