import torch

print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([0.0001, 12345.0]))
print(torch.tensor([1e-8, 2e-8]))
print(torch.tensor([1.5e9]))
print(torch.tensor([1e-3, 1.0, 999.0]))
print(torch.tensor([2.0, 3000.0, 0.5]))
print(torch.tensor(1e-10))
print(torch.tensor([123456789.0, 1.0]))
