import torch

x = torch.zeros(2, 3)
x[0, 1] = 5.0
x[1] = torch.tensor([1.0, 2.0, 3.0])
x[:, 2] = -1.0
print(x)
x[x < 0] = 0.0
print(x)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.no_grad():
    w[0] = 10.0
print(w, w.is_leaf)
y = w * 2
y[1] = 0.0
print(y, y.grad_fn.name())
y.sum().backward()
print(w.grad)
