# Source: PyTorch documentation, torch.autograd.functional.jvp, its docstring example
# (https://github.com/pytorch/pytorch/blob/main/torch/autograd/functional.py, https://pytorch.org/docs/stable/generated/torch.autograd.functional.jvp.html)
# Edits: doctest prompts removed; `import torch`, the import of jvp and torch.manual_seed(0) added (the example draws its inputs).
import torch
from torch.autograd.functional import jvp
torch.manual_seed(0)

def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(4, 4)
v = torch.ones(4, 4)
jvp(exp_reducer, inputs, v)
jvp(exp_reducer, inputs, v, create_graph=True)

def adder(x, y):
    return 2 * x + 3 * y
inputs = (torch.rand(2), torch.rand(2))
v = (torch.ones(2), torch.ones(2))
jvp(adder, inputs, v)
