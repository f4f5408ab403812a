import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
h = y.register_hook(lambda g: g * 10)
y.sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x ** 2).sum().backward()
print(x.grad)
x.grad = None
x.register_hook(lambda g: g.clamp(max=3))
(x ** 2).sum().backward()
print(x.grad)
