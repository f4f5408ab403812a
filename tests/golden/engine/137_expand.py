import torch

x = torch.tensor([[1.0], [2.0]], requires_grad=True)
e = x.expand(2, 3)
print(e)
print(x.expand(-1, 4).shape, x.expand(3, 2, 2).shape)
(e * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(x.grad)
print(e.grad_fn.name())
print(x.expand_as(torch.zeros(2, 5)).shape)
print(torch.tensor(3.0).expand(2))
