import torch

base = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
expo = torch.tensor([[0.0, 1.0, 2.0, 0.5]], requires_grad=True)
y = base ** expo
print(y)
y.sum().backward()
print(base.grad)
print(expo.grad)
