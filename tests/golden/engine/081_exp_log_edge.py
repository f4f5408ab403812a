import torch

x = torch.tensor([0.0, 1e-8, 100.0], requires_grad=True)
y = torch.log(x)
print(y)
y.sum().backward()
print(x.grad)
z = torch.exp(torch.tensor([-20.0, 0.0, 88.0, 89.0]))
print(z)
print(torch.log(torch.tensor([-1.0, 0.0])))
