import torch

x = torch.tensor([-1.5, 0.0, 2.5], requires_grad=True)
y = torch.where(x >= 0, x, 0.1 * x)
print(y)
y.sum().backward()
print(x.grad)
print(torch.where(x > 0, 1.0, -1.0), torch.where(x > 0, 1, 0).dtype)
print(torch.where(torch.tensor([True, False]), torch.tensor([1, 2]), torch.tensor([0.5, 0.5])))
