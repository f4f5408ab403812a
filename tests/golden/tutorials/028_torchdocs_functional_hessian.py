# Source: PyTorch documentation, torch.autograd.functional.hessian, its docstring example
# (https://github.com/pytorch/pytorch/blob/main/torch/autograd/functional.py, https://pytorch.org/docs/stable/generated/torch.autograd.functional.hessian.html)
# Edits: doctest prompts removed; `import torch`, the import of hessian and torch.manual_seed(0) added (the example draws its inputs).
import torch
from torch.autograd.functional import hessian
torch.manual_seed(0)

def pow_reducer(x):
    return x.pow(3).sum()
inputs = torch.rand(2, 2)
hessian(pow_reducer, inputs)
hessian(pow_reducer, inputs, create_graph=True)

def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.rand(2), torch.rand(2))
hessian(pow_adder_reducer, inputs)
