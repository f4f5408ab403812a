import torch

x = torch.tensor([[0.0, 2.0, 3.0], [0.0, 0.0, 4.0], [1.0, 2.0, 3.0]], requires_grad=True)
p = x.prod(dim=1)
print(p)
p.sum().backward()
print(x.grad)
y = torch.tensor([0.0, 5.0, 0.0], requires_grad=True)
y.prod().backward()
print(y.grad)
