import torch

print(torch.tensor([-1.0, 10.0, -100.0]))
print(torch.tensor([[-1.5, 22.25], [333.125, -0.5]]))
print(torch.tensor([-5, 10, 1000000]))
print(torch.tensor([[1, -1], [-10, 10]]))
print(torch.tensor([0.001, 0.01, 0.1]))
print(torch.tensor([99999.0, -99999.0]))
print(torch.tensor([1e-4, 1.0]))
print(torch.tensor([0.5, 1000.0]))
