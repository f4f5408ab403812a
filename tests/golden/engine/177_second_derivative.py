import torch

x = torch.tensor(3.0, requires_grad=True)
y = x ** 3
(dy,) = torch.autograd.grad(y, x, create_graph=True)
print(dy)
(d2y,) = torch.autograd.grad(dy, x)
print(d2y)
w = torch.tensor([1.0, 2.0], requires_grad=True)
f = (w ** 2).prod()
(g,) = torch.autograd.grad(f, w, create_graph=True)
print(g)
g[0].backward()
print(w.grad)
