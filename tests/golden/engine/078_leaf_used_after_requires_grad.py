import torch

x = torch.tensor([1.0, 2.0])
y = x * 2
x.requires_grad_()
z = x * 3
print(y.requires_grad, z.requires_grad)
(y + z).sum().backward()
print(x.grad)
