import torch

x = torch.tensor([1.0, 2.0])
print(x._version)
x.add_(1)
x[0] = 5.0
print(x._version)
v = x.view(2)
v.mul_(2)
print(x._version, v._version)
x.data.add_(1)
print(x._version, x)
d = x.detach()
d.zero_()
print(x._version, x)
