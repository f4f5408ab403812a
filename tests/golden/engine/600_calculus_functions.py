# Issue 11: the calculus functions, their grad_fn names, values and first and second derivatives.
import torch

x = torch.tensor([0.3, -0.5, 0.9], requires_grad=True)
for name in ["atan", "asin", "acos", "sinh", "cosh", "asinh", "atanh", "log10", "log2", "exp2", "erf", "erfc",
             "expm1", "sinc"]:
    f = getattr(torch, name)
    y = f(x)
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    print(name, y)
    print("  d1", g)
    print("  d2", h)
    print("  method", getattr(x, name)())

z = torch.tensor([1.5, 2.0, 3.25], dtype=torch.float64, requires_grad=True)
y = torch.acosh(z)
(g,) = torch.autograd.grad(y.sum(), z, create_graph=True)
(h,) = torch.autograd.grad(g.sum(), z)
print(y, g, h, sep="\n")
print(torch.log(z).log10(), z.log2())
