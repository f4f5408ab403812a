import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * 2).sum()
y.backward()
print(x.grad)
try:
    y.backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
print(x.grad)
