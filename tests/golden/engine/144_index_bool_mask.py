import torch

x = torch.tensor([-1.0, 2.0, -3.0, 4.0], requires_grad=True)
mask = x > 0
print(mask, x[mask])
y = x[mask] * 10
y.sum().backward()
print(x.grad)
m = torch.tensor([[1.0, -2.0], [-3.0, 4.0]])
print(m[m < 0], m[torch.tensor([True, False])])
