import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
a = x[-1]
b = x[:, -2]
c = x[0, 1:]
total = a.sum() * 1 + b.sum() * 10 + c.sum() * 100
total.backward()
print(a, b, c)
print(x.grad)
try:
    x[::-1]
except Exception as e:
    print(type(e).__name__ + ": " + str(e))
