import torch

x = torch.tensor([0.0, 1.0, -2.0], requires_grad=True)
y = x ** 2
y.sum().backward()
print(y, x.grad)
x.grad = None
z = x ** 3
z.sum().backward()
print(z, x.grad)
x.grad = None
w = x ** 0.0
w.sum().backward()
print(w, x.grad)
print(torch.tensor([0.0, 4.0]) ** 0.5, torch.tensor([-1.0]) ** 0.5)
