import torch
import torch.nn.functional as F

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0], requires_grad=True)
for f in (F.relu, F.sigmoid, F.tanh):
    x.grad = None
    y = f(x)
    y.sum().backward()
    print(f.__name__, y.detach(), x.grad)
