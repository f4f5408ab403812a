import torch

x = torch.tensor([[[1.0, 9.0], [4.0, 4.0]], [[7.0, 2.0], [0.0, 8.0]]], requires_grad=True)
v, i = x.max(dim=1)
print(v, i)
(v * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(x.grad)
print(x.max(), x.argmax(), x.argmax(dim=2))
