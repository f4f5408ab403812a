import torch

x = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
s = torch.softmax(x, dim=0)
(g,) = torch.autograd.grad(s[0], x, create_graph=True)
print(g.detach())
(h,) = torch.autograd.grad(g[1], x)
print(h)
l = torch.log_softmax(x, dim=0)
(g2,) = torch.autograd.grad(l[2], x, create_graph=True)
print(g2.detach(), torch.autograd.grad(g2[2], x))
