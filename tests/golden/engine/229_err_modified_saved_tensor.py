import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
z = y * 2
y.add_(1)
try:
    z.sum().backward()
    print("ok", x.grad)
except RuntimeError as e:
    print("z:", type(e).__name__ + ": " + str(e))
y2 = x * 1
s = y2 ** 2
y2.mul_(3)
print(y2._version)
try:
    s.sum().backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
w = x.exp()
w.add_(1)
try:
    w.sum().backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
