import torch

x = torch.tensor([[1.0, 3.0], [2.0, 0.5]], requires_grad=True)
for name, f in (("mean", lambda t: (t ** 2).mean()), ("prod", lambda t: t.prod()),
                ("max", lambda t: (t ** 2).max()), ("norm", lambda t: t.norm()),
                ("sum_dim", lambda t: (t.sum(0) ** 2).sum())):
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    print(name, g.detach(), h, sep="\n")
