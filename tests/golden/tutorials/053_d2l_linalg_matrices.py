# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/linear-algebra.md
# PyTorch tab, cells starting at lines 26, 244, 283, 304, 368, run in order as one notebook session.
# Edits: none
import torch

A = torch.arange(6).reshape(3, 2)
A

A.T

A = torch.tensor([[1, 2, 3], [2, 0, 4], [3, 4, 5]])
A == A.T

torch.arange(24).reshape(2, 3, 4)
