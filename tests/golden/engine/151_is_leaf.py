import torch

a = torch.rand(10, requires_grad=True)
print(a.is_leaf)
b = torch.rand(10, requires_grad=True).double()
print(b.is_leaf)
c = torch.rand(10) + 2
print(c.is_leaf)
d = torch.rand(10).requires_grad_()
print(d.is_leaf)
e = (torch.rand(10, requires_grad=True) * 2).detach()
print(e.is_leaf, e.requires_grad)
f = torch.zeros(3, requires_grad=True)[0]
print(f.is_leaf, f.requires_grad, f.grad_fn.name())
