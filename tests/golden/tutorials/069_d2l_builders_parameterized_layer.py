# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_builders-guide/custom-layer.md
# PyTorch tab, cells starting at lines 32, 199, 264, 292, 320, run in order as one notebook session.
# Edits: torch.manual_seed(0) added after the imports (the cells draw random weights); the unused `from d2l import torch as d2l` import left out
import torch
from torch import nn
from torch.nn import functional as F
torch.manual_seed(0)

class MyLinear(nn.Module):
    def __init__(self, in_units, units):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(in_units, units))
        self.bias = nn.Parameter(torch.randn(units,))
        
    def forward(self, X):
        linear = torch.matmul(X, self.weight.data) + self.bias.data
        return F.relu(linear)

linear = MyLinear(5, 3)
linear.weight

linear(torch.rand(2, 5))

net = nn.Sequential(MyLinear(64, 8), MyLinear(8, 1))
net(torch.rand(2, 64))
