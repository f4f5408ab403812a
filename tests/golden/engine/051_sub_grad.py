import torch

a = torch.tensor([[1.0], [2.0]], requires_grad=True)
b = torch.tensor([[0.5, 1.5, 2.5]], requires_grad=True)
c = a - b
print(c, c.shape)
(c * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(a.grad)
print(b.grad)
print(torch.sub(a, b).shape, a.sub(1))
