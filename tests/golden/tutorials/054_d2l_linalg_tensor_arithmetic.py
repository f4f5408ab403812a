# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/linear-algebra.md
# PyTorch tab, cells starting at lines 26, 399, 438, 454, run in order as one notebook session.
# Edits: none
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = A.clone()  # Assign a copy of A to B by allocating new memory
A, A + B

A * B

a = 2
X = torch.arange(24).reshape(2, 3, 4)
a + X, (a * X).shape
