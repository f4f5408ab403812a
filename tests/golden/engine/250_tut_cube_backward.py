# https://towardsdatascience.com/pytorch-autograd-understanding-the-heart-of-pytorchs-magic-2686cd94ec95
import torch

# Creating the graph
x = torch.tensor(1.0, requires_grad=True)
z = x ** 3
z.backward()  # Computes the gradient
print(x.grad.data)  # Prints '3' which is dz/dx
