# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/ndarray.md
# PyTorch tab, cells starting at lines 72, 312, run in order as one notebook session.
# Edits: torch.manual_seed(0) added
import torch
torch.manual_seed(0)
import torch

torch.randn(3, 4)
