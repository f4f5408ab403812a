import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 2 + 3 * x + 1
z = torch.sin(y) * torch.exp(-x)
print(y, z)
z.backward()
print(x.grad)
w = torch.tensor([1.0, 2.0], requires_grad=True)
out = ((w * 3 - 1) ** 2 / 4).mean()
out.backward()
print(out, w.grad)
