# Issue 13: with create_graph=True a backward formula that is one ATen op is one node under torch's name
# (TanhBackwardBackward0, MseLossBackwardBackward0, ...); compositions keep their ops' nodes (sin: MulBackward0
# of CosBackward0). Printed: each gradient's graph, names and next_functions, and the higher derivatives' values.
import torch
import torch.nn.functional as F


def graph(fn, depth=0):
    if fn is None:
        return "None"
    name = type(fn).__name__
    if depth == 3 or name == "AccumulateGrad" or not fn.next_functions:
        return name
    return name + "(" + ", ".join(graph(f, depth + 1) for f, _ in fn.next_functions) + ")"


x = torch.tensor([[0.5, -1.2, 2.0], [0.3, 1.5, -0.7]], requires_grad=True)
p = torch.tensor([[0.2, 0.7, 0.4], [0.9, 0.1, 0.6]], requires_grad=True)
y = torch.tensor([[1.0, 0.5, -0.5], [0.2, -1.0, 2.0]], requires_grad=True)
target = torch.tensor([2, 0])
cases = {
    "tanh": lambda: torch.tanh(x), "sigmoid": lambda: torch.sigmoid(x), "F.sigmoid": lambda: F.sigmoid(x),
    "relu": lambda: torch.relu(x), "softmax": lambda: torch.softmax(x, 1), "log_softmax": lambda: F.log_softmax(x, 1),
    "mse_loss": lambda: F.mse_loss(x, y), "mse_loss sum": lambda: F.mse_loss(x, y, reduction="sum"),
    "mse_loss none": lambda: F.mse_loss(x, y, reduction="none"),
    "binary_cross_entropy": lambda: F.binary_cross_entropy(p, y.detach().abs().clamp(max=1)),
    "binary_cross_entropy_with_logits": lambda: F.binary_cross_entropy_with_logits(x, p.detach()),
    "nll_loss": lambda: F.nll_loss(F.log_softmax(x, 1), target), "cross_entropy": lambda: F.cross_entropy(x, target),
    "l1_loss": lambda: F.l1_loss(x, y), "abs": lambda: x.abs(),
    "sin": lambda: x.sin(), "cos": lambda: x.cos(), "exp": lambda: x.exp(), "tan": lambda: x.tan(),
    "sqrt": lambda: p.sqrt(), "log1p": lambda: p.log1p(), "log2": lambda: p.log2(), "log10": lambda: p.log10(),
    "expm1": lambda: x.expm1(), "atan": lambda: x.atan(), "erf": lambda: x.erf(), "erfc": lambda: x.erfc(),
    "reciprocal": lambda: x.reciprocal(), "x**3": lambda: x ** 3, "x*y": lambda: x * y, "p**y": lambda: p ** y, "acosh": lambda: (p + 1).acosh(), "asin": lambda: p.asin(), "x@p.T": lambda: x @ p.t().contiguous(),
}
for name, f in cases.items():
    out = f()
    grads = torch.autograd.grad((out * 0.5).sum(), (x, p, y), create_graph=True, allow_unused=True)
    print(f"{name}: " + " | ".join(graph(g.grad_fn) for g in grads if g is not None))

# higher derivatives still fall out of the one-node formulas
for name, f in [("tanh", torch.tanh), ("sigmoid", torch.sigmoid)]:
    t = torch.tensor([0.3, -1.1], dtype=torch.float64, requires_grad=True)
    d = f(t)
    for order in range(1, 4):
        d, = torch.autograd.grad(d.sum(), t, create_graph=True)
        print(name, order, d)
a = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([1.0, 0.5, -0.5], dtype=torch.float64, requires_grad=True)
ga, gb = torch.autograd.grad(F.mse_loss(a, b), (a, b), create_graph=True)
print(ga, gb)
print(torch.autograd.grad((ga * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum(), (a, b)))
q = torch.tensor([0.2, 0.7, 0.4], dtype=torch.float64, requires_grad=True)
r = torch.tensor([0.0, 1.0, 0.3], dtype=torch.float64, requires_grad=True)
gq, = torch.autograd.grad(F.binary_cross_entropy(q, r), q, create_graph=True)
print(gq)
print(torch.autograd.grad(gq.sum(), (q, r)))
