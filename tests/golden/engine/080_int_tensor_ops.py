import torch

i = torch.tensor([7, -7, 5])
print(i // 2, i % 3, i / 2)
print(torch.tensor(7) / 2, (torch.tensor(7) / 2).dtype)
print(i * True, i + 0.5)
print(-i, i.abs(), i.sum(), i.prod(), i.max(), i.float().mean())
print(torch.where(i > 0, i, torch.tensor([0.5, 0.5, 0.5])))
print(torch.cat([i, torch.tensor([1.5])]))
