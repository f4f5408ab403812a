import torch

x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
y = (torch.relu(x) ** 2).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.detach(), g.requires_grad)
(h,) = torch.autograd.grad(g.sum(), x)
print(h)
a = torch.abs(x) * x
(ga,) = torch.autograd.grad(a.sum(), x, create_graph=True)
print(ga.detach())
print(torch.autograd.grad(ga.sum(), x))
