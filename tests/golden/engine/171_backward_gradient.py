import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
y.backward(gradient=torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
x.grad = None
y = x ** 2
y.backward(torch.ones_like(y))
print(x.grad)
s = x.sum() * 2
x.grad = None
s.backward(torch.tensor(0.5))
print(x.grad)
