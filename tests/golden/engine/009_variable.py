import torch
from torch.autograd import Variable

x = Variable(torch.ones(2, 2), requires_grad=True)
print(x)
print(type(x).__name__, x.requires_grad, x.is_leaf)
y = x + 2
print(y)
z = y * y * 3
out = z.mean()
print(z, out)
out.backward()
print(x.grad)
v = Variable(torch.tensor([1.0, 2.0]))
print(v, v.requires_grad)
