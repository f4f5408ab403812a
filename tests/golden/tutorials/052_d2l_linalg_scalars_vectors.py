# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/linear-algebra.md
# PyTorch tab, cells starting at lines 26, 87, 143, 175, 186, 195, run in order as one notebook session.
# Edits: none
import torch

x = torch.tensor(3.0)
y = torch.tensor(2.0)

x + y, x * y, x / y, x**y

x = torch.arange(3)
x

x[2]

len(x)

x.shape
