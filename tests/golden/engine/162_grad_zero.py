import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x ** 3).sum().backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
(x ** 3).sum().backward()
print(x.grad)
x.grad.data.zero_()
print(x.grad)
g = x.grad
(x * 5).sum().backward()
print(g, g is x.grad)
