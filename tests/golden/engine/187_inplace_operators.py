import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 1
y += 2
print(y, y.grad_fn.name())
y *= x
print(y, y.grad_fn.name())
y -= 1
y /= 2
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
t = torch.tensor([1, 2])
t += 1
t *= 3
print(t)
