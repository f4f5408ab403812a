import torch

a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print(a.requires_grad)  # should be False if we haven't specified

# Now we set requires_grad to True explicitly
a.requires_grad_(True)
print(a.requires_grad)  # Now is true

b = a * a
print(b.grad_fn)
print(a.is_leaf, b.is_leaf, b.requires_grad)
