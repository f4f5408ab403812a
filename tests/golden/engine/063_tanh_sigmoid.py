import torch

x = torch.tensor([-2.0, 0.0, 1.0, 3.0], requires_grad=True)
y = torch.tanh(x)
print(y)
y.sum().backward()
print(x.grad)
x.grad = None
s = torch.sigmoid(x)
print(s)
s.sum().backward()
print(x.grad)
print(x.tanh().grad_fn.name(), x.sigmoid().grad_fn.name())
