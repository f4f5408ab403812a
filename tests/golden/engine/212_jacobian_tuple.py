import torch
from torch.autograd.functional import jacobian

def f(x, y):
    return x * y + y

x = torch.tensor([1.0, 2.0])
y = torch.tensor([3.0, 4.0])
jx, jy = jacobian(f, (x, y))
print(jx)
print(jy)
def g(x, y):
    return x.sum() * y, (x ** 2).sum()
print(jacobian(g, (x, y)))
print(jacobian(lambda a: (a * 2, a.sum()), x))
