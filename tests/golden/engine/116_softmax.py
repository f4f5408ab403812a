import torch

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
s = torch.softmax(x, dim=1)
print(s)
(s * torch.tensor([1.0, 0.0, 0.0])).sum().backward()
print(x.grad)
print(s.grad_fn.name(), x.softmax(0))
print(torch.softmax(torch.tensor([1000.0, 1000.0]), dim=0))
