import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([[5.0], [6.0]], requires_grad=True)
c = torch.cat([a, b, a], dim=1)
print(c)
c.backward(torch.arange(10.0).reshape(2, 5))
print(a.grad, b.grad)
s = torch.stack([a, a * 2], dim=2)
print(s.shape, s[:, :, 1])
s.sum().backward()
print(a.grad)
