# Seed 002: an autograd notebook (leaf gradients, no_grad, Jacobian products), its code cells in order
# up to the second `loss.backward()`, whose RuntimeError the notebook shows; part b goes on.

# Autograd stands for automatic gradients which is a way to calculate the gradient
# for all the variables leanding to the computation of a single variable using the computational graph

# When training neural networks the most frequently used algorithm is backpropagation
# In the backpropagation, the parameters are adjusted according to the gradient of the loss funciton with respec to a given parameter

# Pytorch has a built in differentiation engine called torch.autograd it supports automtic computationf othe gradient for any computational graph

import torch

x = torch.ones(5) # The input of size 5
y = torch.zeros(3) # expected ouput

# Sample weights and bias, which are a matrix and vector respectively
W = torch.rand(5, 3, requires_grad=True)
b = torch.rand(3, requires_grad=True)

z = torch.matmul(x, W) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z,y)

loss

loss.grad_fn

z.grad_fn

W.grad_fn

loss.backward()

b.grad

# Pytorch only calculates gradients for leaf tensors which have the required_grad
# property set to True, for all other nodes in the computational graph the 
# gradient will not be available, but will definitely be available have to 
# be computed in order for the chain rule to work

# You can only fun the backward function through a 
# computational graph once for performance reasons
loss.backward()
