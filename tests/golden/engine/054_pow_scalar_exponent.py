import torch

x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
for e in (2, 3, 0.5, -1, 0, 1.5):
    x.grad = None
    y = x ** e
    y.sum().backward()
    print(e, y.detach(), x.grad)
print(x.pow(2), torch.pow(x, 3))
