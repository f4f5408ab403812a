import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 3).sum().backward()
print(x.grad)
x.grad = None
print(x.grad)
(x * x).sum().backward()
print(x.grad)
x.grad = torch.tensor([100.0, 100.0])
(x * 1).sum().backward()
print(x.grad)
