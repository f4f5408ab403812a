import torch

x = torch.tensor([[3.0, 4.0], [6.0, 8.0]], requires_grad=True)
n = x.norm()
print(n)
n.backward()
print(x.grad)
x.grad = None
r = x.norm(dim=1)
print(r)
r.sum().backward()
print(x.grad)
print(torch.norm(x), x.norm(p=1), x.norm(dim=0, keepdim=True))
print(n.grad_fn.name())
