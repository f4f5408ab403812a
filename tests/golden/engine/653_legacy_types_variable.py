import torch
from torch.autograd import Variable

# x.type(...) with a legacy type, its name, or a dtype; the types print as torch's classes
x = torch.tensor([1.5, 2.0])
print(x.type(), x.type(torch.DoubleTensor), x.type(torch.FloatTensor), x.type("torch.LongTensor"), x.type(torch.int32))
print(torch.FloatTensor, torch.LongTensor, torch.FloatTensor([[1, 2]]), torch.LongTensor(2).shape)
try:
    x.type("torch.NoTensor")
except ValueError as e:
    print(e)

# torch.Tensor(t) is t's memory under a new tensor
t = torch.ones(3)
r = torch.Tensor(t)
t.add_(1)
print(r, r._version, r is t)

# Variable: a new leaf over the same memory, requiring grad only if asked
data = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
v = Variable(data, requires_grad=True)
print(data, v, v.is_leaf)
out = torch.mean(v * v)
out.backward()
print(out, v.grad, data.requires_grad)
w = torch.ones(2, requires_grad=True) * 2
print(Variable(w), Variable(w).requires_grad, Variable(w).grad_fn)
