import torch

x = torch.tensor([3.0, 1.0, 3.0, 2.0], requires_grad=True)
m = x.max()
m.backward()
print(m, x.grad)
y = torch.tensor([[5.0, 5.0], [1.0, 2.0]], requires_grad=True)
v = y.max(dim=1)
print(v)
v.values.sum().backward()
print(y.grad)
z = torch.tensor([0.5, 0.5, 0.5], requires_grad=True)
z.min().backward()
print(z.grad)
