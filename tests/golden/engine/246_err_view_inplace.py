import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = x[:2]
try:
    v.mul_(2)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
y = x * 1
u = y[:2]
u.mul_(2)
print(y, y.grad_fn.name(), u.detach())
y.sum().backward()
print(x.grad)
