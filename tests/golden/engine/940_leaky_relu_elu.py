# leaky_relu and elu: forward bits, gradients (first and second order, grad_fn names), in-place forms, modules
import torch
import torch.nn as nn
import torch.nn.functional as F
values = [-100.0, -20.0, -3.5, -1.0, -0.3, -1e-3, -0.0, 0.0, 1e-3, 0.5, 1.0, 7.25, 88.0, 1e4, -2.2, -0.7, 0.9, -9.0, 3.3]
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    w = torch.linspace(-2, 2, len(values), dtype=dtype)
    for name, f in (("leaky_relu", lambda t: F.leaky_relu(t)), ("leaky_relu 0.2", lambda t: F.leaky_relu(t, 0.2)),
                    ("leaky_relu -0.5", lambda t: F.leaky_relu(t, negative_slope=-0.5)),
                    ("elu", lambda t: F.elu(t)), ("elu 0.3", lambda t: F.elu(t, alpha=0.3)), ("elu 2", lambda t: F.elu(t, 2.0))):
        y = f(x)
        print(name, dtype, y.grad_fn.name(), y.tolist())
        g, = torch.autograd.grad((f(x) * w).sum(), x)
        print(" grad", g.tolist())
        g, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
        gg, = torch.autograd.grad((g * g).sum(), x)
        print(" create_graph", g.grad_fn.name(), g.tolist())
        print(" second", gg.tolist())
# in place: the derivative from the result (LeakyReluBackward1, EluBackward1)
for f in (F.leaky_relu_, lambda t: F.leaky_relu(t, 0.3, inplace=True), F.elu_, lambda t: F.elu(t, 0.5, True),
          nn.LeakyReLU(0.05, inplace=True), nn.ELU(inplace=True)):
    x = torch.tensor([-3.0, -0.5, 0.0, 2.0], dtype=torch.float64, requires_grad=True)
    h = x * 1
    y = f(h)
    print(y is h, h._version, y.grad_fn.name(), y.tolist())
    g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    print(" grad", g.grad_fn.name(), g.tolist())
x = torch.tensor([-2.0, 1.0], requires_grad=True)
try:
    F.leaky_relu_(x * 1, -0.5).sum().backward()
except RuntimeError as error:
    print("RuntimeError", error)
try:
    F.elu(torch.tensor([1, -2]))
except RuntimeError as error:
    print("RuntimeError", error)
print(nn.LeakyReLU(), nn.LeakyReLU(0.2, True), nn.ELU(), nn.ELU(alpha=0.5, inplace=True))
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.LeakyReLU(0.1), nn.Linear(4, 4), nn.ELU(), nn.Linear(4, 1))
print(net)
out = net(torch.randn(5, 3))
out.sum().backward()
print(out.squeeze().tolist(), net[0].weight.grad.tolist())
