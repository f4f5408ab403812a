import torch

a = torch.tensor([[2.0, 4.0], [6.0, 8.0]], requires_grad=True)
s = torch.tensor(2.0, requires_grad=True)
c = s / a + a / s
print(c)
c.sum().backward()
print(a.grad)
print(s.grad)
