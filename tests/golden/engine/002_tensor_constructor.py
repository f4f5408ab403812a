import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([[1, 2], [3, 4]])
c = torch.tensor([True, False])
d = torch.tensor(7)
e = torch.tensor([1, 2.5])
for t in (a, b, c, d, e):
    print(t, t.dtype, t.shape)
f = torch.tensor([[0.5, -1.0, 2.0]], requires_grad=True)
print(f)
print(torch.tensor(3.5, dtype=torch.float64))
print(torch.tensor([1, 2], dtype=torch.float32))
