import torch

x = torch.arange(12.0).reshape(3, 4).requires_grad_()
a = x[[0, 2], 1:]
b = x[:, [0, 0, 3]]
c = x[torch.tensor([-1]), torch.tensor([-2])]
d = x[torch.tensor(1)]
print(a, b, c, d, sep="\n")
(a.sum() + b.sum() * 10 + c.sum() * 100 + d.sum() * 1000).backward()
print(x.grad)
print(d.grad_fn.name(), c.grad_fn.name())
