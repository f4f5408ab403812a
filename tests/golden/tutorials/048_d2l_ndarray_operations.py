# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 143, 477, 522, 568, 596, 603, run in order as one notebook session.
# Edits: none
import torch

x = torch.arange(12, dtype=torch.float32)
x

torch.exp(x)

x = torch.tensor([1.0, 2, 4, 8])
y = torch.tensor([2, 2, 2, 2])
x + y, x - y, x * y, x / y, x ** y

X = torch.arange(12, dtype=torch.float32).reshape((3,4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
torch.cat((X, Y), dim=0), torch.cat((X, Y), dim=1)

X == Y

X.sum()
