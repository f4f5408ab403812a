# Issue 12: with create_graph=True every derivative of 2*x**3 keeps its grad_fn until it is the constant 0.
import warnings

import torch

warnings.simplefilter("ignore", UserWarning)  # backward(create_graph=True)'s reference-cycle warning

x = torch.tensor(1.5, requires_grad=True)
y = 2 * x ** 3
g1, = torch.autograd.grad(y, x, create_graph=True); print(g1)
g2, = torch.autograd.grad(g1, x, create_graph=True); print(g2)
g3, = torch.autograd.grad(g2, x, create_graph=True); print(g3)
g4, = torch.autograd.grad(g3, x, create_graph=True, allow_unused=True); print(g4)

v = torch.tensor([0.5, -2.0], requires_grad=True)
d = v ** 2
for order in range(1, 4):
    d, = torch.autograd.grad(d.sum(), v, create_graph=True)
    print(order, d)
z = torch.tensor(2.0, requires_grad=True)
w = z ** 4
w.backward(create_graph=True)
print(z.grad)
h, = torch.autograd.grad(z.grad, z, create_graph=True)
print(h, torch.autograd.grad(h, z))
