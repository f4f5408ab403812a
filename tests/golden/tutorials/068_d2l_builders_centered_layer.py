# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_builders-guide/custom-layer.md
# PyTorch tab, cells starting at lines 32, 75, 104, 120, 147, run in order as one notebook session.
# Edits: torch.manual_seed(0) added after the imports (the cells draw random weights); d2l's aliases replaced by what they stand for (d2l.tensor -> torch.tensor, d2l.rand -> torch.rand)
import torch
from torch import nn
from torch.nn import functional as F
torch.manual_seed(0)

class CenteredLayer(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, X):
        return X - X.mean()

layer = CenteredLayer()
layer(torch.tensor([1.0, 2, 3, 4, 5]))

net = nn.Sequential(nn.LazyLinear(128), CenteredLayer())

Y = net(torch.rand(4, 8))
Y.mean()
