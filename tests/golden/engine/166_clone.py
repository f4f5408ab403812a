import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.clone()
print(y, y.is_leaf, y.grad_fn.name())
(y * y).sum().backward()
print(x.grad)
z = x.detach().clone()
z[0] = 9.0
print(x, z, z.requires_grad)
w = x.clone().detach().requires_grad_(True)
print(w, w.is_leaf)
