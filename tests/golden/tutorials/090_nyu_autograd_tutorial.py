# Source: NYU Deep Learning (Alfredo Canziani, DS-GA 1008 spring 2020), "03-autograd_tutorial",
# https://github.com/Atcold/NYU-DLSP20/blob/master/03-autograd_tutorial.ipynb
# Code cells run in order as one notebook session; edits: torch.manual_seed(0) added after the import (the
# dynamic-graph cell draws unseeded numbers); the torchviz cells (make_dot, a plotting package) left out.
import torch
torch.manual_seed(0)

# Create a 2x2 tensor with gradient-accumulation capabilities
x = torch.tensor([[1, 2], [3, 4]], requires_grad=True, dtype=torch.float32)
print(x)

# Deduct 2 from all elements
y = x - 2
print(y)

print(y.grad_fn)

# What's happening here?
print(x.grad_fn)

# Let's dig further...
y.grad_fn

y.grad_fn.next_functions[0][0]

y.grad_fn.next_functions[0][0].variable

# Do more operations on y
z = y * y * 3
a = z.mean()  # average

print(z)
print(a)

# Backprop
a.backward()

# Compute it by hand BEFORE executing this
print(x.grad)

# Dynamic graphs!
x = torch.randn(3, requires_grad=True)

y = x * 2
i = 0
while y.data.norm() < 1000:
    y = y * 2
    i += 1
print(y)

# If we don't run backward on a scalar we need to specify the grad_output
gradients = torch.FloatTensor([0.1, 1.0, 0.0001])
y.backward(gradients)

print(x.grad)

# BEFORE executing this, can you tell what would you expect it to print?
print(i)

# This variable decides the tensor's range below
n = 3

# Both x and w that allows gradient accumulation
x = torch.arange(1., n + 1, requires_grad=True)
w = torch.ones(n, requires_grad=True)
z = w @ x
z.backward()
print(x.grad, w.grad, sep='\n')

# Only w that allows gradient accumulation
x = torch.arange(1., n + 1)
w = torch.ones(n, requires_grad=True)
z = w @ x
z.backward()
print(x.grad, w.grad, sep='\n')

x = torch.arange(1., n + 1)
w = torch.ones(n, requires_grad=True)

# Regardless of what you do in this context, all torch tensors will not have gradient accumulation
with torch.no_grad():
    z = w @ x

try:
    z.backward()  # PyTorch will throw an error here, since z has no grad accum.
except RuntimeError as e:
    print('RuntimeError!!! >:[')
    print(e)
