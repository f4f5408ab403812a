import torch

x = torch.tensor([10.0, 20.0, 30.0, 40.0, 50.0], requires_grad=True)
print(x[0], x[-1], x[1:3], x[::2], x[3:], x[:-2], x[-3:-1])
y = x[1:4:2]
print(y)
y.backward(torch.tensor([1.0, 2.0]))
print(x.grad)
print(x[0].grad_fn.name(), x[1:3].grad_fn.name())
print(x[2].item(), x[5:], x[1:1])
