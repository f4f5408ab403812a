import torch
from torch.autograd.functional import vjp, jvp

def f(x):
    return x ** 2

x = torch.tensor([1.0, 2.0, 3.0])
v = torch.tensor([1.0, 0.5, 0.0])
out, g = vjp(f, x, v)
print(out, g)
out, t = jvp(f, x, v)
print(out, t)
print(vjp(lambda a: a.sum(), x))
print(jvp(lambda a, b: a * b, (x, x), (v, v)))
