# Source: PyTorch documentation, torch.autograd.functional.hvp, its docstring example
# (https://github.com/pytorch/pytorch/blob/main/torch/autograd/functional.py, https://pytorch.org/docs/stable/generated/torch.autograd.functional.hvp.html)
# Edits: doctest prompts removed; `import torch`, the import of hvp and torch.manual_seed(0) added (the example draws its inputs).
import torch
from torch.autograd.functional import hvp
torch.manual_seed(0)

def pow_reducer(x):
    return x.pow(3).sum()
inputs = torch.rand(2, 2)
v = torch.ones(2, 2)
hvp(pow_reducer, inputs, v)
hvp(pow_reducer, inputs, v, create_graph=True)

def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.rand(2), torch.rand(2))
v = (torch.zeros(2), torch.ones(2))
hvp(pow_adder_reducer, inputs, v)
