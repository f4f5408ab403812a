# Seed 004, part b: the code blocks after the refused torch.Tensor(1.0, requires_grad=True): backward of
# a scalar, then of a vector with a gradient argument. `import torch` is the notes' first block.

import torch

a = torch.tensor(1.0, requires_grad=True) # a is a scalar
b = a + 2 
c = a * b # c is also a scalar

c.backward()
print(a.grad)

x = torch.ones(3, requires_grad=True)

def f(x):
  y = x * 2
  z = y * y * 2
  return z

print(f"f(x): {f(x)}") # f(x) is a vector, not a scalar

v = torch.tensor([1, 2, 3], dtype=torch.float)
f(x).backward(v, retain_graph=True)
# alternatively we can call static backward in autograd package as following: 
# torch.autograd.backward(z, grad_tensors=v, retain_graph=True)

print(f"gradint of x: {x.grad}")

x.grad.zero_() # clear previous gradient otherwise it will get accumulated
unit_tensor = torch.ones(3, dtype=torch.float)
f(x).backward(unit_tensor, retain_graph=True)
print(f"gradint of x: {x.grad}")
