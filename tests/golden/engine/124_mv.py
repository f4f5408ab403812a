import torch

M = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0], requires_grad=True)
y = torch.mv(M, v)
print(y)
y.sum().backward()
print(M.grad)
print(v.grad)
print(M.mv(v).grad_fn.name())
