import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
p = x.prod()
print(p)
p.backward()
print(x.grad)
x.grad = None
q = x.prod(dim=1)
print(q)
q.sum().backward()
print(x.grad)
z = torch.tensor([2.0, 0.0, 5.0], requires_grad=True)
z.prod().backward()
print(z.grad)
print(p.grad_fn.name(), q.grad_fn.name(), x.prod(1, keepdim=True).shape)
