import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
try:
    y.requires_grad_(False)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
try:
    y.requires_grad = False
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
y.requires_grad_(True)
print(y.requires_grad)
d = y.detach()
print(d.requires_grad)
