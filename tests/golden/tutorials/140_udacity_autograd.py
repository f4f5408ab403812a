# Source: Udacity, "Deep Learning (PyTorch)" nanodegree, intro-to-pytorch "Part 3 - Training Neural Networks
# (Solution)", the autograd cells,
# https://github.com/udacity/deep-learning-v2-pytorch/blob/master/intro-to-pytorch/Part%203%20-%20Training%20Neural%20Networks%20(Solution).ipynb
# Code cells run in order as one notebook session: `import torch` (from the notebook's first cell, whose MNIST
# download is left out), then the autograd section.
import torch
x = torch.randn(2,2, requires_grad=True)
print(x)

y = x**2
print(y)

## grad_fn shows the function that generated this variable
print(y.grad_fn)

z = y.mean()
print(z)

print(x.grad)

z.backward()
print(x.grad)
print(x/2)
