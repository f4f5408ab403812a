import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.detach_()
print(y, y.requires_grad, y.is_leaf, y.grad_fn)
z = torch.tensor([3.0], requires_grad=True)
z.requires_grad_(False)
print(z * 2, (z * 2).requires_grad)
with torch.no_grad():
    a = x.clone()
print(a, a.requires_grad, a.is_leaf)
