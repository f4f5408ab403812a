import torch

x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
y = torch.abs(x)
print(y)
y.sum().backward()
print(x.grad)
x.grad = None
s = torch.sign(x)
print(s, s.requires_grad)
(s * 5).sum().backward()
print(x.grad)
print(x.abs().grad_fn.name(), s.grad_fn.name())
print(torch.tensor([-3, 4]).abs(), torch.tensor([-3, 0, 4]).sign())
