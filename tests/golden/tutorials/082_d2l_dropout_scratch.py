# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_multilayer-perceptrons/dropout.md
# PyTorch tab, "Implementation from Scratch" cells; edits: torch.manual_seed(0) added.
import torch
from torch import nn
torch.manual_seed(0)

def dropout_layer(X, dropout):
    assert 0 <= dropout <= 1
    if dropout == 1: return torch.zeros_like(X)
    mask = (torch.rand(X.shape) > dropout).float()
    return mask * X / (1.0 - dropout)

X = torch.arange(16, dtype = torch.float32).reshape((2, 8))
print('dropout_p = 0:', dropout_layer(X, 0))
print('dropout_p = 0.5:', dropout_layer(X, 0.5))
print('dropout_p = 1:', dropout_layer(X, 1))
