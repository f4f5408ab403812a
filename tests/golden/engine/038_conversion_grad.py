import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.double()
print(y, y.dtype, y.requires_grad)
z = (y * y).sum()
z.backward()
print(x.grad, x.grad.dtype)
w = x.to(torch.float64) * 3
print(w.grad_fn.name())
i = x.long()
print(i, i.requires_grad)
