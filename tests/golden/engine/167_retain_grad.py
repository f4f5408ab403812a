import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.retain_grad()
z = (y ** 2).sum()
print(x.retains_grad, y.retains_grad, z.retains_grad)
z.backward()
print(y.grad)
print(x.grad)
print(y.is_leaf, y.grad_fn.name())
