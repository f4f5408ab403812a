import torch
from torch.autograd.functional import jvp, vjp, vhp, hvp

s = torch.tensor(2.0)
print(jvp(lambda t: t ** 3, s))
print(vjp(lambda t: t ** 3, s))
x = torch.tensor([1.0, 2.0])
print(vjp(lambda t: (t ** 2).sum(), x))
print(vhp(lambda t: (t ** 3).sum(), x, torch.tensor([1.0, 1.0])))
print(hvp(lambda a, b: (a * b).sum(), (x, x), (torch.ones(2), torch.zeros(2))))
try:
    jvp(lambda t: t * 2, x)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
