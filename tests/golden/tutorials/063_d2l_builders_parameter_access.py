# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_builders-guide/parameters.md
# PyTorch tab, cells starting at lines 45, 77, 138, 176, 213, 233, run in order as one notebook session.
# Edits: torch.manual_seed(0) added after the imports (the cells draw random weights)
import torch
from torch import nn
torch.manual_seed(0)

net = nn.Sequential(nn.LazyLinear(8),
                    nn.ReLU(),
                    nn.LazyLinear(1))

X = torch.rand(size=(2, 4))
net(X).shape

net[2].state_dict()

type(net[2].bias), net[2].bias.data

net[2].weight.grad == None

[(name, param.shape) for name, param in net.named_parameters()]
