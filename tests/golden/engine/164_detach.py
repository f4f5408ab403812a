import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
d = y.detach()
print(d, d.requires_grad, d.is_leaf, d.grad_fn)
d[0] = 100.0
print(y)
z = y * d
z.sum().backward()
print(x.grad)
e = x.detach()
e.add_(1)
print(x)
