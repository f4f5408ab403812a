import torch

x = torch.tensor([1.0, 4.0, 9.0, 2.0], requires_grad=True)
y = torch.sqrt(x)
print(y)
y.sum().backward()
print(x.grad)
print(x.sqrt().grad_fn.name())
z = torch.tensor([0.0], requires_grad=True)
torch.sqrt(z).sum().backward()
print(z.grad)
