import torch

x = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
for name in ("sin", "cos", "tan"):
    x.grad = None
    y = getattr(torch, name)(x)
    y.sum().backward()
    print(name, y.detach(), x.grad, y.grad_fn.name())
print(torch.sin(torch.tensor([0.0, -0.0])), torch.cos(x).grad_fn)
