import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 2
print(torch.autograd.grad(y, x))
try:
    torch.autograd.grad(y, x)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
y = x ** 2
print(torch.autograd.grad(y, x, retain_graph=True), torch.autograd.grad(y, x))
