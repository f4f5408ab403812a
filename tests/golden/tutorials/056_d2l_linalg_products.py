# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/linear-algebra.md
# PyTorch tab, cells starting at lines 26, 399, 488, 665, 691, 811, 910, run in order as one notebook session.
# Edits: none
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = A.clone()  # Assign a copy of A to B by allocating new memory
A, A + B

x = torch.arange(3, dtype=torch.float32)
x, x.sum()

y = torch.ones(3, dtype = torch.float32)
x, y, torch.dot(x, y)

torch.sum(x * y)

A.shape, x.shape, torch.mv(A, x), A@x

B = torch.ones(3, 4)
torch.mm(A, B), A@B
