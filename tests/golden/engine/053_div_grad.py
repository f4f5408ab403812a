import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([2.0, 4.0], requires_grad=True)
c = a / b
print(c)
c.sum().backward()
print(a.grad)
print(b.grad)
print(torch.div(a, 2), a.div(b))
