import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 5.0], requires_grad=True)
f = (a * b / (a + b)).sum()
ga, gb = torch.autograd.grad(f, (a, b), create_graph=True)
print(ga.detach(), gb.detach())
haa, hab = torch.autograd.grad(ga.sum(), (a, b), retain_graph=True)
print(haa, hab)
hba, hbb = torch.autograd.grad(gb.sum(), (a, b))
print(hba, hbb)
