# Seed 002, part b: the notebook's cells after the RuntimeError, preceded by the cells they build on
# (`import torch` and the cell that makes x, W and b).

import torch

x = torch.ones(5) # The input of size 5
y = torch.zeros(3) # expected ouput

# Sample weights and bias, which are a matrix and vector respectively
W = torch.rand(5, 3, requires_grad=True)
b = torch.rand(3, requires_grad=True)

z = torch.matmul(x, W) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z,y)

# Disabling gradient tracking 
# by default all tensors with autograd set to 
# true are being tracked through the computational graph
# However in some cases eg. during inference we would not need to track the gradients of the tensors
z = torch.matmul(x, W) + b
# z.backward() will not work, gradients can only be created for scalar outputs
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, W) + b
print(z.requires_grad)

# We would want to turn off gradient tracking if :
# 1) We want to freeze some parameters and do not want them to change
# 2) We are only interesed in performing a forward pass, in which case
# it would be more efficient to perform the operation without gradient tracking

# Autograd keeps track of all tensors, operations and their results in a direct acyclic graph (DAG).
# In this DAG, the leavesa re the input to the tensor and the roots are the output of the tensor,
# By tracing the graph from root to leaves you can automatically compute the gradients using the chain rule


# In a forward pass:
# 1) run the requested operation to compute resulting tensor
# 2) maintain the operations gradient function in the DAG

# In the backward pass:
# 1) computes the gradient from each .grad_fn
# 2) accumulates the gradients in each respective tensor in the .grad attribute
# 3) using chain rule, propagates all the way to the leaf tensors

# Jacobian products is used in place of gradients in situations where there
# are multiple outputs, i.e. the output is a vector and not a scalar

inp = torch.eye(4,5, requires_grad=True)
out = (inp+1).pow(2).t()

out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call : {inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"Second call : {inp.grad}")

inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"Call after zeroing grad: {inp.grad}")
