import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x + 1)
print(x.sum())
print(torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True))
print(torch.tensor([1.0, 2.0], dtype=torch.float64) * x)
print(torch.tensor([1, 2]))
print(torch.tensor([1, 2], dtype=torch.int32))
print(torch.tensor([True, False]))
print(x.detach())
print(repr(x * 2))
print(str(x.double()))
