import torch
from torch.autograd.functional import hvp, vhp

def f(x):
    return (x ** 3).sum() + x[0] * x[1]

x = torch.tensor([1.0, 2.0])
v = torch.tensor([1.0, -1.0])
print(hvp(f, x, v))
print(vhp(f, x, v))
def g(a, b):
    return (a * b ** 2).sum()
print(vhp(g, (torch.tensor([1.0]), torch.tensor([2.0])), (torch.tensor([1.0]), torch.tensor([0.0]))))
