import torch

print(torch.tensor([1 / 3, 2 / 3], dtype=torch.float64))
print(torch.tensor([1e-5, 1.0], dtype=torch.float64))
print(torch.tensor([0.1, 0.2], dtype=torch.float64) * 3)
print(torch.tensor(1e300, dtype=torch.float64))
print(torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True).sum())
print(torch.tensor([123.456789], dtype=torch.float64))
