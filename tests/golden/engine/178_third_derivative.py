import torch

x = torch.tensor(0.5, requires_grad=True)
y = torch.sin(x) * x ** 2
d1 = torch.autograd.grad(y, x, create_graph=True)[0]
d2 = torch.autograd.grad(d1, x, create_graph=True)[0]
d3 = torch.autograd.grad(d2, x)[0]
print(d1, d2, d3)
z = torch.tensor(2.0, requires_grad=True)
p = z ** 4
g1 = torch.autograd.grad(p, z, create_graph=True)[0]
g2 = torch.autograd.grad(g1, z, create_graph=True)[0]
g3 = torch.autograd.grad(g2, z, create_graph=True)[0]
print(g1, g2, g3)
g3.backward()
print(z.grad)
