# Source: Aakash N S, Jovian "Deep Learning with PyTorch: Zero to GANs", lesson 1 "PyTorch Basics: Tensors &
# Gradients", https://jovian.ai/aakashns/01-pytorch-basics
# Code cells run in order as one notebook session (transcribed from a learner's public export of the notebook,
# without the cells the learner added); edits: the pip-install comments and the jovian upload cells left out;
# the cell that builds a ragged tensor (t5), which the lesson shows raising ValueError, left out.
import torch

# Number
t1 = torch.tensor(4.)
t1

t1.dtype

# Vector
t2 = torch.tensor([1., 2, 3, 4])
t2

# Matrix
t3 = torch.tensor([[5., 6], 
                   [7, 8], 
                   [9, 10]])
t3

# 3-dimensional array
t4 = torch.tensor([
    [[11, 12, 13], 
     [13, 14, 15]], 
    [[15, 16, 17], 
     [17, 18, 19.]]])
t4

print(t1)
t1.shape

print(t2)
t2.shape

print(t3)
t3.shape

print(t4)
t4.shape

# Create tensors.
x = torch.tensor(3.)
w = torch.tensor(4., requires_grad=True)
b = torch.tensor(5., requires_grad=True)
x, w, b

# Arithmetic operations
y = w * x + b
y

# Compute derivatives
y.backward()

# Display gradients
print('dy/dx:', x.grad)
print('dy/dw:', w.grad)
print('dy/db:', b.grad)

# Create a tensor with a fixed value for every element
t6 = torch.full((3, 2), 42)
t6

# Concatenate two tensors with compatible shapes
t7 = torch.cat((t3, t6))
t7

# Compute the sin of each element
t8 = torch.sin(t7)
t8

# Change the shape of a tensor
t9 = t8.reshape(3, 2, 2)
t9

import numpy as np

x = np.array([[1, 2], [3, 4.]])
x

# Convert the numpy array to a torch tensor.
y = torch.from_numpy(x)
y

x.dtype, y.dtype

# Convert a torch tensor to a numpy array
z = y.numpy()
z
