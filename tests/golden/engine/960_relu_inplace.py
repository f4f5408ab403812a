# nn.ReLU(inplace=True) and F.relu(inplace=True) write into their input (the same tensor, ReluBackward0, its
# version bumped; a leaf requiring grad refused), as torch; F.relu_, in a network's backward too
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(5)
r = nn.ReLU(inplace=True)
print(r, nn.ReLU())
y = r(x)
print(y, x, y is x)
a = torch.randn(4, requires_grad=True)
b = a * 2
c = nn.ReLU(inplace=True)(b)
print(c.grad_fn, b.grad_fn, c is b, b._version)
c.sum().backward()
print(a.grad)
print(F.relu(torch.tensor([-1., 2.]), inplace=True), F.relu_(torch.tensor([-3., 4.])))
try:
    nn.ReLU(inplace=True)(torch.ones(2, requires_grad=True))
except RuntimeError as e:
    print(e)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(inplace=True), nn.Linear(4, 1))
out = net(torch.randn(2, 3))
out.sum().backward()
print(out, net[0].weight.grad)
