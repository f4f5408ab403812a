# gelu (approximate='none' and 'tanh'): grad_fn names, values to 3 decimals and within 1e-5 of the exact function
# (torch's vectorised erf and tanh are approximations gradcli does not reproduce bit for bit), second derivatives
# bit for bit (torch's gelu_double_backward is made of ops), the module
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
values = [-6.0, -3.0, -1.5, -1.0, -0.5, -1e-3, -0.0, 0.0, 1e-3, 0.5, 1.0, 1.7, 3.0, 6.0, 12.0, -2.2, 0.3]
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    w = torch.linspace(-2, 2, len(values), dtype=dtype)
    exact = x.detach().double().requires_grad_()
    for approximate in ("none", "tanh"):
        if approximate == "none":
            reference = exact * 0.5 * (1 + torch.erf(exact / math.sqrt(2)))
        else:
            reference = exact * 0.5 * (1 + torch.tanh(math.sqrt(2 / math.pi) * (exact + 0.044715 * exact ** 3)))
        y = F.gelu(x, approximate=approximate)
        print(approximate, dtype, y.grad_fn.name(), [round(v, 3) for v in y.tolist()])
        print(" close", torch.allclose(y.detach().double(), reference.detach(), rtol=1e-5, atol=1e-6))
        g, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
        slope, = torch.autograd.grad(reference.sum(), exact)
        print(" grad", g.grad_fn.name(), [round(v, 3) for v in g.tolist()],
              torch.allclose(g.detach().double(), slope * w.double(), rtol=1e-5, atol=1e-6))
        gg, = torch.autograd.grad((g * w).sum(), x)
        print(" second", gg.tolist())
print(nn.GELU(), nn.GELU(approximate="tanh"), nn.GELU("tanh").approximate)
try:
    F.gelu(torch.ones(2), approximate="fast")
except RuntimeError as error:
    print("RuntimeError", error)
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.GELU(), nn.Linear(4, 1))
print(net)
out = net(torch.randn(5, 3))
out.sum().backward()
print([round(v, 4) for v in out.squeeze().tolist()], net[0].weight.grad.shape)
