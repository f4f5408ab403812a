import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
a = x * 2
b = a.exp()
c = a ** 2
d = b + c
e = (d * a).sum()
e.backward()
print(e)
print(x.grad)
