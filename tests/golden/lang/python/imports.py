# Imports: torch under other names, torch.autograd, torch.nn.functional, from-imports, math, numpy.
import torch
import torch as T
import torch.autograd
import torch.nn.functional as F
from torch import ones, zeros as Z
from torch.autograd import Variable, grad
from torch.nn import functional
import math
import numpy as np
T.ones(2)
torch.autograd.grad
ones(2), Z(2)
x = T.tensor([1., -2., 3.], requires_grad=True)
F.relu(x)
functional.relu(x) is not None
y = (x ** 2).sum()
grad(y, x)
Variable(torch.ones(2), requires_grad=True)
math.pi, math.sqrt(2.0), math.exp(1), math.log(math.e), math.floor(2.7)
a = np.array([1.0, 2.0, 3.0])
a * 2
np.exp(0.0), np.float32(1.5), np.zeros(2)
t = torch.from_numpy(np.array([1.0, 2.0]))
t
t.numpy()
torch.tensor(a).sum()
max(3, 4), min([2, 1]), sum([1, 2, 3]), abs(-2), round(2.567, 2), pow(2, 5)
from torch import *
tensor(1.)
