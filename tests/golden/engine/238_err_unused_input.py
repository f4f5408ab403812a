import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0, requires_grad=True)
z = x * 2
try:
    torch.autograd.grad(z, [x, y])
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
z = x * 2
try:
    torch.autograd.grad(z, y)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
z = x * 2
print(torch.autograd.grad(z, [x, y], allow_unused=True))
