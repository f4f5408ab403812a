import torch

x = torch.tensor([1.0, 2.0])
y = (x * 2).sum()
try:
    y.backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
w = torch.tensor(1.0, requires_grad=True)
with torch.no_grad():
    z = w * 3
try:
    z.backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
try:
    torch.autograd.grad(y, x)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
