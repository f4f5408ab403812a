import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
print(x.t(), torch.t(x).shape)
print(x.transpose(0, 1).shape, torch.transpose(x, 1, 0).shape)
y = x.t() * torch.tensor([[1.0], [2.0], [3.0]])
y.sum().backward()
print(x.grad)
print(x.t().grad_fn.name(), x.transpose(0, 1).grad_fn.name())
print(torch.tensor([1.0, 2.0]).t())
print(x.t().is_contiguous(), x.is_contiguous())
