import torch

x = torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], requires_grad=True)
l = torch.log_softmax(x, dim=1)
print(l)
print(l.exp())
l[:, 0].sum().backward()
print(x.grad)
print(l.grad_fn.name(), x.log_softmax(dim=-1).shape)
print(torch.log_softmax(torch.tensor([0.0, 1000.0]), dim=0))
