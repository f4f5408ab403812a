import torch

x = torch.tensor([0.0, 1e-3, 1.0, 3.0], requires_grad=True)
y = torch.log1p(x)
print(y)
y.sum().backward()
print(x.grad)
print(x.log1p().grad_fn.name())
