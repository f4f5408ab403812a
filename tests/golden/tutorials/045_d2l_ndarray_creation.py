# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 143, 190, 207, 224, 259, 282, 343, run in order as one notebook session.
# Edits: none
import torch

x = torch.arange(12, dtype=torch.float32)
x

x.numel()

x.shape

X = x.reshape(3, 4)
X

torch.zeros((2, 3, 4))

torch.ones((2, 3, 4))

torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
