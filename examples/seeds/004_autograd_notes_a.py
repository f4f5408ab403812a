# Seed 004: "Autograd" notes (PyTorch getting-started docs), its code blocks in order up to the one that
# calls torch.Tensor(1.0, requires_grad=True), which PyTorch refuses; part b goes on. The block that is
# only a comment inside `with torch.no_grad():` is left out: it is a placeholder, not runnable code.

import torch

x = torch.tensor(1.0)
y = torch.tensor(2.0)
z = x * y

x.requires_grad = True

a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print(a.requires_grad) # should be False if we haven't specified

# Now we set requires_grad to True explicitly
a.requires_grad_(True)
print(a.requires_grad) # Now is true

b = a * a
print(b.grad_fn) 

x = torch.Tensor(1.0, requires_grad=True)
y = torch.Tensor(2.0)
z = x * y

z.backward()
