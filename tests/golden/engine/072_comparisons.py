import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([3.0, 2.0, 1.0])
print(x > y, x >= y, x < y, x <= y, x == y, x != y)
print(x > 1.5, (x > 1.5).dtype, (x > 1.5).requires_grad)
print(torch.gt(x, 2), torch.eq(x, 2), x.ne(2))
m = (x > 1.5).float()
print(m, (x * m).sum())
