import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
try:
    y.backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
try:
    torch.autograd.grad(y, x)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
y.backward(torch.ones(2))
print(x.grad)
