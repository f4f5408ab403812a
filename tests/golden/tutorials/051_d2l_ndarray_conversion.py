# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 143, 224, 832, 862, run in order as one notebook session.
# Edits: none
import torch

x = torch.arange(12, dtype=torch.float32)
x

X = x.reshape(3, 4)
X

A = X.numpy()
B = torch.from_numpy(A)
type(A), type(B)

a = torch.tensor([3.5])
a, a.item(), float(a), int(a)
