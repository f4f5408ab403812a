import torch

a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
b = torch.tensor([10.0, 20.0, 30.0], requires_grad=True)
c = a + b
print(c)
c.backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(a.grad)
print(b.grad)
d = torch.add(a, b, alpha=2)
print(d)
