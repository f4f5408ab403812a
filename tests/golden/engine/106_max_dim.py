import torch

x = torch.tensor([[1.0, 7.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
r = x.max(dim=1)
print(r)
print(type(r).__name__)
values, indices = r
print(values, indices)
print(r.values, r.indices, r[0], r[1])
values.sum().backward()
print(x.grad)
print(values.grad_fn.name())
