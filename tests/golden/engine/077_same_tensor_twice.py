import torch

x = torch.tensor(3.0, requires_grad=True)
y = x * x
z = x + x + x
w = y * z
w.backward()
print(y, z, w, x.grad)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.stack([a, a, a]).sum(0)
b.sum().backward()
print(a.grad)
