import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for i in range(3):
    y = (x ** 2).sum()
    y.backward()
    print(i, x.grad)
z = (x * 10).sum()
z.backward()
print(x.grad)
