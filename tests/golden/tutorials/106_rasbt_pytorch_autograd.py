# Source: Sebastian Raschka, STAT 453 Intro to Deep Learning (spring 2021), L06 "PyTorch autograd",
# https://github.com/rasbt/stat453-deep-learning-ss21/blob/main/L06/code/pytorch-autograd.ipynb
# Code cells run in order as one notebook session; edit: the %watermark cell left out.
import torch
from torch.autograd import grad
import torch.nn.functional as F

x = torch.tensor([3.])
w = torch.tensor([2.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)
a = F.relu(x*w + b)

a

grad(a, w, retain_graph=True)

grad(a, b)

x = torch.tensor([3.])
w = torch.tensor([2.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)

def my_relu(z):
    if z > 0.:
        return z
    else:
        z[:] = 0.
        return z

a = my_relu(x*w + b)
grad(a, w)

x = torch.tensor([-1.])
w = torch.tensor([1.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)

def my_relu(z):
    if z > 0.:
        return z
    else:
        z[:] = 0.
        return z

a = F.relu(x*w + b)
grad(a, w, retain_graph=False)
