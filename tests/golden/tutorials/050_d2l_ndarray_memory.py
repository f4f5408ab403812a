# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 568, 689, 784, run in order as one notebook session.
# Edits: the cell printing id() values (line 740) left out: ids differ run to run
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3,4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
torch.cat((X, Y), dim=0), torch.cat((X, Y), dim=1)

before = id(Y)
Y = Y + X
id(Y) == before

before = id(X)
X += Y
id(X) == before
