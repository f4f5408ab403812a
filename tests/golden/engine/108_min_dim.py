import torch

x = torch.tensor([[1.0, 7.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
r = x.min(dim=0)
print(r)
vals, idx = torch.min(x, dim=1, keepdim=True)
print(vals, idx)
(vals * 10).sum().backward()
print(x.grad)
print(torch.tensor([[3, 1], [0, 2]]).min(dim=1))
