import torch

# torch computes linspace in float32 from both ends: the middle of
# linspace(-1, 1, 21) is not exactly zero
x = torch.linspace(-1, 1, 21)
print(x)
print(x[10].item(), x[9].item(), x[11].item())
print(torch.linspace(0, 1, 11))
print(torch.linspace(-1, 1, 21, dtype=torch.float64)[10].item())
