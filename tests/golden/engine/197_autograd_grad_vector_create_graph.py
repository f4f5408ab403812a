import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 3
(g,) = torch.autograd.grad(y, x, grad_outputs=torch.ones(3), create_graph=True)
print(g.detach(), g.requires_grad)
(h,) = torch.autograd.grad(g, x, grad_outputs=torch.tensor([1.0, 0.0, 1.0]))
print(h)
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
f = a ** 2 * b ** 3
ga, gb = torch.autograd.grad(f, (a, b), create_graph=True)
print(torch.autograd.grad(ga, (a, b), retain_graph=True), torch.autograd.grad(gb, (a, b)))
