import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = (x.t().reshape(4)[1:] ** 3).sum() + (torch.cat([x, x]).unsqueeze(0).expand(2, 4, 2) ** 2).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.detach())
(h,) = torch.autograd.grad(g.sum(), x)
print(h)
