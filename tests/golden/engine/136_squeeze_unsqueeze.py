import torch

x = torch.tensor([[[1.0], [2.0], [3.0]]], requires_grad=True)
print(x.shape, x.squeeze().shape, x.squeeze(0).shape, x.squeeze(-1).shape, x.squeeze(1).shape)
y = x.squeeze()
y.backward(torch.tensor([1.0, 2.0, 3.0]))
print(x.grad)
v = torch.tensor([1.0, 2.0], requires_grad=True)
print(v.unsqueeze(0), v.unsqueeze(1), v.unsqueeze(-1).shape)
(v.unsqueeze(1) * torch.ones(2, 3)).sum().backward()
print(v.grad)
print(y.grad_fn.name(), v.unsqueeze(0).grad_fn.name(), x.squeeze(0).grad_fn.name())
