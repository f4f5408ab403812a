import torch
import torch.nn.functional as F

z = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
t = torch.tensor([[1.0, 0.0], [0.0, 1.0]])
for name, f in (("bce_logits", lambda v: F.binary_cross_entropy_with_logits(v, t)),
                ("mse", lambda v: F.mse_loss(v, t)),
                ("ce", lambda v: F.cross_entropy(v, torch.tensor([0, 1]))),
                ("bce", lambda v: F.binary_cross_entropy(torch.sigmoid(v), t))):
    (g,) = torch.autograd.grad(f(z), z, create_graph=True)
    (h,) = torch.autograd.grad((g * torch.tensor([[1.0, 2.0], [3.0, -1.0]])).sum(), z)
    print(name, g.detach(), h, sep="\n")
