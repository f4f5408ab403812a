import torch

print(torch.eye(3))
print(torch.eye(2, 4))
print(torch.arange(5))
print(torch.arange(1, 4))
print(torch.arange(0, 1, 0.25))
print(torch.arange(5.0))
print(torch.arange(10, 0, -3))
print(torch.arange(4, dtype=torch.float32))
print(torch.arange(6).reshape(2, 3))
