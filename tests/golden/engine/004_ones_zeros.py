import torch

print(torch.ones(3))
print(torch.zeros(2, 3))
print(torch.ones((2, 2)))
print(torch.zeros([3]))
print(torch.ones(2, dtype=torch.long))
print(torch.zeros(2, 2, dtype=torch.float64))
x = torch.ones(2, 3, requires_grad=True)
print(x)
y = (x * 4).sum()
y.backward()
print(x.grad)
