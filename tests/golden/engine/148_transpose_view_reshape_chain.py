import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
y = x.t().reshape(2, 3)
print(y, y.grad_fn.name())
y.backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(x.grad)
z = x.transpose(0, 1).contiguous().view(-1)
print(z, z.grad_fn.name())
