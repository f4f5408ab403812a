import torch

print(torch.tensor([1.0, 2.0]).dtype)
print(torch.tensor([1, 2]).dtype)
print(torch.tensor([True]).dtype)
print(torch.tensor(1.5).dtype, torch.tensor(2).dtype)
print(torch.ones(2).dtype, torch.zeros(2).dtype, torch.arange(3).dtype, torch.arange(3.0).dtype)
print(torch.get_default_dtype())
print(torch.eye(2).dtype, torch.full((2,), 1).dtype, torch.full((2,), 1.0).dtype)
print(torch.linspace(0, 1, 3).dtype)
