import torch

x = torch.tensor([1.5, -2.0, 0.0], requires_grad=True)
y = -x
print(y)
y.backward(torch.tensor([1.0, 2.0, 3.0]))
print(x.grad)
print(x.neg(), torch.neg(x))
print(-torch.tensor([1, -2]))
print(y.grad_fn)
