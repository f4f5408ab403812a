# Source: PyTorch documentation, torch.autograd.functional.vjp, its docstring example
# (https://github.com/pytorch/pytorch/blob/main/torch/autograd/functional.py, https://pytorch.org/docs/stable/generated/torch.autograd.functional.vjp.html)
# Edits: doctest prompts removed; `import torch`, the import of vjp and torch.manual_seed(0) added (the example draws its inputs).
import torch
from torch.autograd.functional import vjp
torch.manual_seed(0)

def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(4, 4)
v = torch.ones(4)
vjp(exp_reducer, inputs, v)
vjp(exp_reducer, inputs, v, create_graph=True)

def adder(x, y):
    return 2 * x + 3 * y
inputs = (torch.rand(2), torch.rand(2))
v = torch.ones(2)
vjp(adder, inputs, v)
