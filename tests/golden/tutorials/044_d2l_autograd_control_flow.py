# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/autograd.md
# PyTorch tab, cells starting at lines 54, 533, 590, 627, run in order as one notebook session.
# Edits: torch.manual_seed(0) added before the first cell, so the random start is reproducible
import torch
torch.manual_seed(0)
import torch

def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c

a = torch.randn(size=(), requires_grad=True)
d = f(a)
d.backward()

a.grad == d / a
