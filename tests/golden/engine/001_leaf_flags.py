# https://towardsdatascience.com/pytorch-autograd-understanding-the-heart-of-pytorchs-magic-2686cd94ec95
import warnings
import torch

# Creating the graph
x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0)
z = x * y

# Displaying (z.grad warns: z is not a leaf)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for i, name in zip([x, y, z], "xyz"):
        print(f"{name}\ndata: {i.data}\nrequires_grad: {i.requires_grad}\n\
grad: {i.grad}\ngrad_fn: {i.grad_fn}\nis_leaf: {i.is_leaf}\n")
print([w.category.__name__ for w in caught])
