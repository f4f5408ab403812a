import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
print(x.sum(0), x.sum(dim=1), x.sum(-1))
print(x.sum(dim=1, keepdim=True))
print(x.sum(dim=(0, 1)), x.sum(dim=[0, 1], keepdim=True))
y = x.sum(dim=0)
y.backward(torch.tensor([1.0, 10.0, 100.0]))
print(x.grad)
print(y.grad_fn.name())
z = torch.ones(2, 3, 4).sum(dim=(0, 2))
print(z)
