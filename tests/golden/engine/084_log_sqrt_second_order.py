import torch

x = torch.tensor([0.5, 1.0, 3.0], requires_grad=True)
for name, f in (("log", torch.log), ("sqrt", torch.sqrt), ("log1p", torch.log1p),
                ("recip", lambda t: 1 / t), ("cube", lambda t: t ** 3), ("tan", torch.tan)):
    (g,) = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    print(name, g.detach(), h)
