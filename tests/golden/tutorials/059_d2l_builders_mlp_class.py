# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_builders-guide/model-construction.md
# PyTorch tab, cells starting at lines 105, 146, 278, 355, run in order as one notebook session.
# Edits: torch.manual_seed(0) added after the imports (the cells draw random weights); the d2l-only `if tab.selected('mxnet'): net.initialize()` lines left out
import torch
from torch import nn
from torch.nn import functional as F
torch.manual_seed(0)

net = nn.Sequential(nn.LazyLinear(256), nn.ReLU(), nn.LazyLinear(10))

X = torch.rand(2, 20)
net(X).shape

class MLP(nn.Module):
    def __init__(self):
        # Call the constructor of the parent class nn.Module to perform
        # the necessary initialization
        super().__init__()
        self.hidden = nn.LazyLinear(256)
        self.out = nn.LazyLinear(10)

    # Define the forward propagation of the model, that is, how to return the
    # required model output based on the input X
    def forward(self, X):
        return self.out(F.relu(self.hidden(X)))

net = MLP()
net(X).shape
