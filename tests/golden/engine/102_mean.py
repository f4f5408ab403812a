import torch

x = torch.tensor([[1.0, 2.0], [3.0, 5.0]], requires_grad=True)
print(x.mean(), x.mean(0), x.mean(dim=1), x.mean(1, keepdim=True))
m = x.mean()
m.backward()
print(x.grad)
x.grad = None
x.mean(dim=0).sum().backward()
print(x.grad)
print(m.grad_fn.name(), x.mean(0).grad_fn.name())
print(torch.mean(x, dim=-1))
