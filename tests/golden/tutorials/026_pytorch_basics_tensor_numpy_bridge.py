# Source: PyTorch tutorials, "Tensors" (Learn the Basics), https://github.com/pytorch/tutorials/blob/main/beginner_source/basics/tensorqs_tutorial.py
# "Bridge with NumPy"; edits: comments left out.
import torch
import numpy as np

t = torch.ones(5)
print(f"t: {t}")
n = t.numpy()
print(f"n: {n}")

t.add_(1)
print(f"t: {t}")
print(f"n: {n}")

n = np.ones(5)
t = torch.from_numpy(n)

np.add(n, 1, out=n)
print(f"t: {t}")
print(f"n: {n}")
