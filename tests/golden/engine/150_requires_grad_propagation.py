import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0], requires_grad=True)
c = a * 2
d = a + b
e = d.detach() * 3
print(a.requires_grad, b.requires_grad, c.requires_grad, d.requires_grad, e.requires_grad)
print(c.grad_fn, e.grad_fn, d.grad_fn.name())
f = torch.cat([a, b])
print(f.requires_grad, f.grad_fn.name())
print((a > 1).requires_grad, b.argmax().requires_grad, b.sum().requires_grad)
g = torch.tensor(2.0) * b.sum()
print(g.requires_grad, g)
