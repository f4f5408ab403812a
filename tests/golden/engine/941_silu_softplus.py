# silu and softplus: forward bits (softplus's threshold, beta), gradients with and without create_graph (silu's
# backward is a kernel without grad mode and ops with it), second derivatives, modules
import torch
import torch.nn as nn
import torch.nn.functional as F
values = [-100.0, -30.0, -8.5, -1.0, -0.3, -1e-4, -0.0, 0.0, 1e-4, 0.5, 1.0, 4.75, 9.99, 10.0, 10.01, 19.99, 20.0,
          20.01, 25.0, 90.0, -2.2, 3.3, -0.7]
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    w = torch.linspace(-2, 2, len(values), dtype=dtype)
    for name, f in (("silu", F.silu), ("softplus", F.softplus), ("softplus beta=2", lambda t: F.softplus(t, beta=2)),
                    ("softplus 0.5 5", lambda t: F.softplus(t, 0.5, 5.0)), ("softplus -1", lambda t: F.softplus(t, -1.0))):
        y = f(x)
        print(name, dtype, y.grad_fn.name(), y.tolist())
        (f(x) * w).sum().backward()
        print(" grad", x.grad.tolist())
        x.grad = None
        g, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
        print(" create_graph", g.grad_fn.name(), g.tolist())
        print(" second", torch.autograd.grad((g * g).sum(), x)[0].tolist())
x = torch.tensor([-3.0, -0.5, 0.0, 2.0], requires_grad=True)
h = x * 1
y = F.silu(h, inplace=True)
print(y is h, h._version, y.grad_fn.name(), y.tolist())
y.sum().backward()
print(x.grad.tolist())
big = torch.linspace(-12, 12, 101, dtype=torch.float32, requires_grad=True)
for f in (F.silu, F.softplus, nn.Softplus(3, 2)):
    y = f(big)
    y.backward(torch.ones_like(y))
    print(y.tolist(), big.grad.tolist())
    big.grad = None
print(nn.SiLU(), nn.SiLU(inplace=True), nn.Softplus(), nn.Softplus(beta=2, threshold=10), nn.Softplus(0.5))
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.SiLU(), nn.Linear(4, 4), nn.Softplus(), nn.Linear(4, 1))
print(net)
out = net(torch.randn(5, 3))
out.sum().backward()
print(out.squeeze().tolist(), net[0].weight.grad.tolist())
