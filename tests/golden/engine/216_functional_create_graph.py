import torch
import torch.autograd.functional as AF

x = torch.tensor([1.0, 2.0], requires_grad=True)
J = AF.jacobian(lambda v: v ** 3, x, create_graph=True)
print(J.detach(), J.requires_grad)
J.sum().backward()
print(x.grad)
H = AF.hessian(lambda v: (v ** 3).sum(), torch.tensor([0.5, 2.0]))
print(H)
print(torch.autograd.functional.jacobian(torch.sin, torch.tensor([0.0, 1.0])))
