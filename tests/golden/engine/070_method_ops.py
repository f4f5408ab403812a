import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 5.0], requires_grad=True)
r = x.add(y).mul(2).sub(x).div(y)
print(r)
r.sum().backward()
print(x.grad, y.grad)
print(torch.add(x, 1), torch.mul(2, y), torch.div(x, 2))
print(torch.sub(y, x, alpha=2), x.mul(y).grad_fn.name())
