import torch

x = torch.tensor([[1.0, 7.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
m = x.max()
print(m)
m.backward()
print(x.grad)
x.grad = None
n = x.min()
print(n)
n.backward()
print(x.grad)
print(m.grad_fn.name(), torch.max(x), torch.min(x))
