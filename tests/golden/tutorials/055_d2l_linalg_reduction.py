# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/linear-algebra.md
# PyTorch tab, cells starting at lines 26, 399, 488, 512, 533, 545, 558, 580, 593, 610, 626, 635, run in order as one notebook session.
# Edits: none
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = A.clone()  # Assign a copy of A to B by allocating new memory
A, A + B

x = torch.arange(3, dtype=torch.float32)
x, x.sum()

A.shape, A.sum()

A.shape, A.sum(axis=0).shape

A.shape, A.sum(axis=1).shape

A.sum(axis=[0, 1]) == A.sum()  # Same as A.sum()

A.mean(), A.sum() / A.numel()

A.mean(axis=0), A.sum(axis=0) / A.shape[0]

sum_A = A.sum(axis=1, keepdims=True)
sum_A, sum_A.shape

A / sum_A

A.cumsum(axis=0)
