# Source: Aurélien Géron, Hands-On Machine Learning with Scikit-Learn and PyTorch, chapter 10 notebook,
# https://github.com/ageron/handson-mlp/blob/main/10_neural_nets_with_pytorch.ipynb
# Code cells run in order as one notebook session, "PyTorch Fundamentals" through autograd; edits: the version
# checks, the %pip and matplotlib cells, the "extra code" dir() listing and the %timeit cell left out.
import torch

X = torch.tensor([[1.0, 4.0, 7.0], [2.0, 3.0, 6.0]])
X

X.shape

X.dtype

X[0, 1]

X[:, 1]

10 * (X + 1.0)  # item-wise addition and multiplication

X.exp()

X.mean()

X.max(dim=0)

X @ X.T

import numpy as np

X.numpy()

torch.tensor(np.array([[1., 4., 7.], [2., 3., 6.]]))

torch.tensor(np.array([[1., 4., 7.], [2., 3., 6.]]), dtype=torch.float32)

torch.FloatTensor(np.array([[1., 4., 7.], [2., 3., 6]]))

# extra code: demonstrate torch.from_numpy()
X2_np = np.array([[1., 4., 7.], [2., 3., 6]])
X2 = torch.from_numpy(X2_np)  # X2_np and X2 share the same data in memory
X2_np[0, 1] = 88
X2

X[:, 1] = -99
X

X.relu_()
X

if torch.cuda.is_available():
    device = "cuda"
elif torch.backends.mps.is_available():
    device = "mps"
else:
    device = "cpu"

device

M = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
M = M.to(device)
M.device

M = torch.tensor([[1., 2., 3.], [4., 5., 6.]], device=device)

R = M @ M.T  # run some operations on the GPU
R

x = torch.tensor(5.0, requires_grad=True)
f = x ** 2
f

f.backward()
x.grad

learning_rate = 0.1
with torch.no_grad():
    x -= learning_rate * x.grad  # gradient descent step

x

x_detached = x.detach()
x_detached -= learning_rate * x.grad

x.grad.zero_()

learning_rate = 0.1
x = torch.tensor(5.0, requires_grad=True)
for iteration in range(100):
    f = x ** 2  # forward pass
    f.backward()  # backward pass
    with torch.no_grad():
        x -= learning_rate * x.grad  # gradient descent step
    x.grad.zero_()  # reset the gradients

x
