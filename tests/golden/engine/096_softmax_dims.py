import torch

x = torch.tensor([[[1.0, 2.0], [3.0, 4.0]], [[0.0, 0.0], [-1.0, 1.0]]], requires_grad=True)
for d in (0, 1, 2, -1):
    print(d, torch.softmax(x, dim=d))
y = torch.log_softmax(x, dim=1)
(y * torch.arange(8.0).reshape(2, 2, 2)).sum().backward()
print(x.grad)
