import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
c = torch.mm(a, b)
print(c)
c.backward(torch.tensor([[1.0, 0.0], [0.0, 1.0]]))
print(a.grad)
print(b.grad)
print(a.mm(b).grad_fn.name())
