import torch

torch.manual_seed(0)
a = torch.rand(2, 3)
b = torch.randn(4)
c = torch.rand_like(a)
d = torch.randn_like(b)
e = torch.randn(3, 3, requires_grad=True)
for t in (a, b, c, d, e):
    print(t.shape, t.dtype, t.requires_grad, t.is_leaf)
print(bool(((a >= 0) & (a < 1)).all()))
torch.manual_seed(42)
r1 = torch.rand(5)
torch.manual_seed(42)
r2 = torch.rand(5)
print(torch.equal(r1, r2))
print(torch.randn(2, 2, dtype=torch.float64).dtype)
