import torch
from torch.autograd.functional import jacobian

def f(x):
    return x ** 2 + 3 * x

x = torch.tensor([1.0, 2.0, 3.0])
J = jacobian(f, x)
print(J)
print(jacobian(lambda v: v.sum(), x))
print(jacobian(lambda v: torch.stack([v[0] * v[1], v[1] + v[2]]), x))
print(jacobian(lambda s: s ** 3, torch.tensor(2.0)))
print(x.requires_grad, J.requires_grad)
