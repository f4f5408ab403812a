import torch
from torch.autograd.functional import hessian

def f(x):
    return (x ** 3).sum() + x[0] * x[1]

x = torch.tensor([1.0, 2.0])
H = hessian(f, x)
print(H)
print(hessian(lambda s: s ** 4, torch.tensor(2.0)))
def g(a, b):
    return (a * b).sum() + (a ** 2).sum()
print(hessian(g, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))))
