import torch

x = torch.arange(2000.0)
print(x)
print(torch.arange(1200).reshape(40, 30))
print(torch.ones(1001))
print(torch.ones(1000))
print(torch.arange(3000.0).reshape(10, 10, 30))
