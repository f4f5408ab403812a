import torch

v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]], requires_grad=True)
y = torch.matmul(M, v)
print(y, y.grad_fn.name())
y.backward(torch.tensor([1.0, 2.0]))
print(M.grad)
print(v.grad)
v.grad = None
s = torch.matmul(v, v)
s.backward()
print(s, s.grad_fn.name(), v.grad)
