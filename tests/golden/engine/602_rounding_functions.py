# Issue 11: floor ceil round trunc frac: values (float and int), grad_fn names, zero (or one) gradients.
import torch

x = torch.tensor([-2.5, -1.25, -0.5, 0.5, 1.5, 2.75], requires_grad=True)
for name in ["floor", "ceil", "round", "trunc", "frac"]:
    y = getattr(torch, name)(x)
    y.backward(torch.arange(1.0, 7.0))
    print(name, y, x.grad)
    x.grad = None
    print(getattr(x, name)())
print(torch.round(x, decimals=1), x.round(decimals=0))
print(torch.round(torch.tensor([1.2345, 12.345, -0.055], dtype=torch.float64), decimals=2))
n = torch.tensor([3, -4])
print(torch.floor(n), torch.ceil(n), torch.round(n), torch.trunc(n), n.floor().dtype)
y = (x.floor() * x).sum()
y.backward()
print(x.grad)
