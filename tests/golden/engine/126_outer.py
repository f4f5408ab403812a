import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)
o = torch.outer(a, b)
print(o)
o.sum().backward()
print(a.grad, b.grad)
print(a.outer(b).shape, o.grad_fn.name())
