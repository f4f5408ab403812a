import torch

a = torch.tensor([1.0, 5.0, 3.0, 2.0], requires_grad=True)
b = torch.tensor([4.0, 2.0, 3.0, 0.0], requires_grad=True)
m = torch.max(a, b)
print(m)
m.sum().backward()
print(a.grad, b.grad)
a.grad = None
b.grad = None
n = torch.min(a, b)
print(n)
n.sum().backward()
print(a.grad, b.grad)
print(torch.maximum(a, b), torch.minimum(a, b).grad_fn.name(), m.grad_fn.name())
