# hardtanh and relu6: the bounds, their gradient (0 at the bounds), in place forms, second order, modules
import torch
import torch.nn as nn
import torch.nn.functional as F
values = [-100.0, -2.0, -1.5, -1.0, -0.999, -0.5, -0.0, 0.0, 0.25, 1.0, 1.001, 2.0, 5.9, 6.0, 6.5, 1e5, -3.0, 0.75, 0.5]
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    w = torch.linspace(-2, 2, len(values), dtype=dtype)
    for name, f in (("hardtanh", F.hardtanh), ("hardtanh -2 0.5", lambda t: F.hardtanh(t, -2.0, 0.5)),
                    ("hardtanh ints", lambda t: F.hardtanh(t, min_val=-1, max_val=2)), ("relu6", F.relu6)):
        y = f(x)
        print(name, dtype, y.grad_fn.name(), y.tolist())
        g, = torch.autograd.grad((y * y * w).sum(), x, create_graph=True)
        gg, = torch.autograd.grad((g * g).sum(), x)
        print(" grad", g.grad_fn.name(), g.tolist())
        print(" second", gg.tolist())
for f in (F.hardtanh_, lambda t: F.hardtanh(t, 0.0, 1.0, inplace=True), lambda t: F.relu6(t, inplace=True),
          nn.Hardtanh(-0.5, 0.5, inplace=True), nn.ReLU6(inplace=True)):
    x = torch.tensor([-3.0, -0.5, 0.0, 0.5, 2.0, 7.0], requires_grad=True)
    h = x * 1
    y = f(h)
    print(y is h, h._version, y.grad_fn.name(), y.tolist())
    (y * y).sum().backward()
    print(" grad", x.grad.tolist())
print(nn.Hardtanh(), nn.Hardtanh(-2, 2), nn.Hardtanh(0.0, 1.0, True), nn.ReLU6(), nn.ReLU6(inplace=True))
print(nn.ReLU6().min_val, nn.ReLU6().max_val, isinstance(nn.ReLU6(), nn.Hardtanh))
try:
    nn.Hardtanh(1.0, 1.0)
except AssertionError as error:
    print("AssertionError", error)
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU6(), nn.Linear(4, 4), nn.Hardtanh(-0.5, 0.5), nn.Linear(4, 1))
print(net)
out = net(torch.randn(5, 3) * 4)
out.sum().backward()
print(out.squeeze().tolist(), net[0].weight.grad.tolist())
