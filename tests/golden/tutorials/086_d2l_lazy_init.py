# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_builders-guide/lazy-init.md
# PyTorch tab, cells run in order as one notebook session; edits: torch.manual_seed(0) added.
import torch
from torch import nn
torch.manual_seed(0)

net = nn.Sequential(nn.LazyLinear(256), nn.ReLU(), nn.LazyLinear(10))

net[0].weight

X = torch.rand(2, 20)
net(X)

net[0].weight.shape
