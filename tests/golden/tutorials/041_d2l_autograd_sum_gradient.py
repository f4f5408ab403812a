# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_preliminaries/autograd.md
# PyTorch tab, cells starting at lines 54, 83, 127, 150, 204, 290, run in order as one notebook session.
# Edits: none
import torch

x = torch.arange(4.0)
x

# Can also create x = torch.arange(4.0, requires_grad=True)
x.requires_grad_(True)
x.grad  # The gradient is None by default

y = 2 * torch.dot(x, x)
y

y.backward()
x.grad

x.grad.zero_()  # Reset the gradient
y = x.sum()
y.backward()
x.grad
