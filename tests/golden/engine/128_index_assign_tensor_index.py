import torch

x = torch.zeros(5)
x[torch.tensor([0, 3])] = torch.tensor([1.0, 2.0])
x[[1, 4]] = 7.0
x[x == 0] = -1.0
print(x)
m = torch.zeros(2, 3)
m[:, 1:] = torch.tensor([5.0, 6.0])
m[0] += 1
print(m)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w * 1
y[torch.tensor([0, 2])] = y[torch.tensor([0, 2])] * 10
y.sum().backward()
print(y, w.grad)
