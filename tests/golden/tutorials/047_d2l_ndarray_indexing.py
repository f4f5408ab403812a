# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 143, 224, 377, 396, 428, run in order as one notebook session.
# Edits: none
import torch

x = torch.arange(12, dtype=torch.float32)
x

X = x.reshape(3, 4)
X

X[-1], X[1:3]

X[1, 2] = 17
X

X[:2, :] = 12
X
