import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
exprs = [x + y, x - y, x * y, x / y, x ** 2, x ** y, 2 ** x, -x, x + 1, 1 - x,
         x * 2, 2 / x, x.exp(), x.log(), x.sqrt(), x.abs(), x.sin(), x.relu()]
for t in exprs:
    print(t.grad_fn.name(), type(t.grad_fn).__name__)
