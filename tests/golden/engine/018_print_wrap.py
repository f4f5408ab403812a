import torch

print(torch.arange(30.0) / 3)
print(torch.arange(40))
print(torch.arange(25.0) * 1000.5)
print(torch.arange(18.0).reshape(2, 9) / 7)
print(torch.arange(21.0, requires_grad=True) / 4 - 2.5)
