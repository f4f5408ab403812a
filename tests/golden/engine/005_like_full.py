import torch

x = torch.tensor([[1.5, 2.5], [3.5, 4.5]])
print(torch.ones_like(x))
print(torch.zeros_like(x))
print(torch.full((2, 3), 7.0))
print(torch.full((2,), 3))
print(torch.full_like(x, -2.0))
i = torch.tensor([1, 2, 3])
print(torch.ones_like(i), torch.zeros_like(i, dtype=torch.float32))
print(torch.full_like(i, 9))
