import torch

print(torch.tensor(3.0))
print(torch.tensor(3))
print(torch.tensor(-0.5))
print(torch.tensor(True))
print(torch.tensor(2.0, dtype=torch.float64))
print(torch.tensor(1.0 / 3.0))
print(torch.tensor(12345.678))
print(torch.tensor(0.0001))
print(torch.tensor(2.0, requires_grad=True))
print(torch.tensor(5, dtype=torch.int32))
