import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
(g,) = torch.autograd.grad(y, x, grad_outputs=torch.tensor([1.0, 0.0, -1.0]))
print(g)
y = x ** 2
(g,) = torch.autograd.grad(y, x, torch.ones_like(y))
print(g)
u = x.sum()
v = (x * x).sum()
print(torch.autograd.grad([u, v], x, retain_graph=True))
print(torch.autograd.grad([u, v], x, grad_outputs=[torch.tensor(2.0), torch.tensor(0.5)]))
