import torch

a = torch.tensor([[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]], requires_grad=True)
b = torch.tensor([[1.0], [2.0], [3.0], [4.0]], requires_grad=True)
c = a * b
print(c.shape)
c.sum().backward()
print(a.grad)
print(b.grad)
d = torch.tensor(2.0, requires_grad=True)
(a * d).sum().backward()
print(d.grad, d.grad.shape)
