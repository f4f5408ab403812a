import torch

x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
y = torch.where(x > 0, x ** 3, x ** 2).sum() + (torch.clamp(x, -1, 1) ** 2).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.detach())
print(torch.autograd.grad(g.sum(), x))
