import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    x.grad.zero_()
except AttributeError as e:
    print(type(e).__name__ + ": " + str(e))
(x * 2).sum().backward()
x.grad.zero_()
print(x.grad)
