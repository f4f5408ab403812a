import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = torch.exp(x)
print(y)
y.sum().backward()
print(x.grad)
x.grad = None
z = torch.log(x)
print(z)
z.sum().backward()
print(x.grad)
print(x.exp().log(), x.log().grad_fn.name(), x.exp().grad_fn.name())
