import torch

W = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
x = torch.tensor([1.0, -1.0], requires_grad=True)
y = ((W @ x) ** 2).sum()
gW, gx = torch.autograd.grad(y, (W, x), create_graph=True)
print(gW.detach())
print(gx.detach())
(hx,) = torch.autograd.grad(gx.sum(), x)
print(hx)
