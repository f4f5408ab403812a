import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.retain_grad()
y.register_hook(lambda g: print("hook 1 sees", g) or g * 2)
y.register_hook(lambda g: print("hook 2 sees", g) or g + 1)
z = (y * y).sum()
z.backward()
print("y.grad", y.grad)
print("x.grad", x.grad)
