import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.0]], requires_grad=True)
p = F.softmax(x, dim=1)
lp = F.log_softmax(x, dim=1)
print(p)
print(lp)
(p[:, 1].sum() + lp[:, 0].sum()).backward()
print(x.grad)
print(F.softmax(x, dim=0))
print(F.softmax(torch.tensor([1.0, 2.0, 3.0]), dim=-1))
