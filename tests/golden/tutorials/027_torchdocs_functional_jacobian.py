# Source: PyTorch documentation, torch.autograd.functional.jacobian, its docstring example
# (https://github.com/pytorch/pytorch/blob/main/torch/autograd/functional.py, https://pytorch.org/docs/stable/generated/torch.autograd.functional.jacobian.html)
# Edits: doctest prompts removed; `import torch`, the import of jacobian and torch.manual_seed(0) added (the example draws its inputs).
import torch
from torch.autograd.functional import jacobian
torch.manual_seed(0)

def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(2, 2)
jacobian(exp_reducer, inputs)
jacobian(exp_reducer, inputs, create_graph=True)

def exp_adder(x, y):
    return 2 * x.exp() + 3 * y
inputs = (torch.rand(2), torch.rand(2))
jacobian(exp_adder, inputs)
