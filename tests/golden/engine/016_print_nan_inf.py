import torch

print(torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5]))
print(torch.tensor([float("inf"), 1.0, 2.0]))
print(torch.tensor(float("nan")))
x = torch.tensor([0.0, 1.0, -1.0])
print(x / 0)
print(torch.log(x))
print(torch.sqrt(x))
print(torch.tensor([float("nan"), 1e-6]))
