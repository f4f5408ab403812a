# Source: PyTorch tutorials, "Autograd: automatic differentiation" (60-minute blitz), https://github.com/pytorch/tutorials/blob/05f04cb4463d507cc90f891db82d8c2685e14b53/beginner_source/blitz/autograd_tutorial.py
# The requires_grad_ part; edits: torch.manual_seed(0) added; comments left out.
import torch
torch.manual_seed(0)

a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)
