# x.new_tensor(data): a copy in x's dtype unless dtype says; torch.as_tensor of a NumPy array of the same dtype
# shares its memory (a later write to the array shows in the tensor), of another dtype copies it
import numpy as np
import torch

a = torch.tensor([1, 2])
print(a.new_tensor([1.5, 2.7]), a.new_tensor([1.5], dtype=torch.float64), a.new_tensor(3))
b = torch.tensor([1., 2.], requires_grad=True)
c = b.new_tensor([3], requires_grad=True)
print(c, c.is_leaf, b.new_tensor(3.5), b.new_tensor([[1, 2]]).dtype)
n = np.array([1, 2, 3])
t = torch.as_tensor(n)
f = torch.as_tensor(n, dtype=torch.float32)
same = torch.as_tensor(n, dtype=torch.int64)
n[1] = 0
print(t, f, same)
