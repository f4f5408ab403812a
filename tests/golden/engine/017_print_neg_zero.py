import torch

print(torch.tensor([-0.0, 0.0]))
print(-torch.zeros(2))
print(torch.tensor(-0.0))
print(torch.tensor([-0.0, 1.5]))
x = torch.tensor([0.0, 2.0], requires_grad=True)
y = -x
print(y)
print(torch.tensor([-1e-20, 1.0]) * 0)
