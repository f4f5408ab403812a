import torch

x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
for f in (torch.sigmoid, torch.tanh, torch.exp, torch.sin):
    (g,) = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    print(f.__name__, g.detach(), h)
