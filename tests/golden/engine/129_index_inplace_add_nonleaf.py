import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.clone()
y[1] += 5
y[0] *= 4
y[2] = y[2] * 2
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
