import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * 2).sum()
print(y.grad_fn)
print(repr(y.grad_fn))
print(str(y.grad_fn) == repr(y.grad_fn))
print(y.grad_fn.name(), type(y.grad_fn).__name__)
print(x.grad_fn, x.detach().grad_fn)
print(y)
