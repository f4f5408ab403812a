import torch

print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([100.0, -2.0, 0.0]))
print(torch.tensor([[1.0, 20.0], [300.0, 4000.0]]))
print(torch.tensor([1, -20, 300]))
print(torch.tensor([1.5, 2.0, 3.0]))
print(torch.tensor([0.1, 0.25, 10.0]))
print(torch.tensor([123456.0, 1.0]))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
