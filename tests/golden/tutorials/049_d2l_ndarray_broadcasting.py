# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 639, 668, run in order as one notebook session.
# Edits: none
import torch

a = torch.arange(3).reshape((3, 1))
b = torch.arange(2).reshape((1, 2))
a, b

a + b
