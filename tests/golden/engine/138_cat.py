import torch

a = torch.tensor([[1.0, 2.0]], requires_grad=True)
b = torch.tensor([[3.0, 4.0], [5.0, 6.0]], requires_grad=True)
c = torch.cat([a, b])
print(c)
print(torch.cat((a, b), dim=0).shape, torch.cat([b, b], dim=1).shape, torch.cat([b, b], -1).shape)
c.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
print(a.grad)
print(b.grad)
print(c.grad_fn.name())
print(torch.cat([torch.tensor([1, 2]), torch.tensor([3])]))
