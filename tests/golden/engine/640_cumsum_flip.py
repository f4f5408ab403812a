import torch

# cumsum: along a dim, integers summed in int64, float32 accumulated in double
A = torch.arange(6.0).reshape(2, 3)
print(A.cumsum(0), A.cumsum(dim=1), torch.cumsum(A, dim=-1))
print(torch.tensor([1, 2, 3]).cumsum(0), torch.tensor([True, False, True]).cumsum(0))
print(A.cumsum(0, dtype=torch.float64))
x = torch.tensor([0.1, 1e8, -1e8, 0.3, 1.0 / 3.0])
print(x.cumsum(0).tolist())

# gradients: each input reaches every output after it
a = torch.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
y = a.cumsum(1)
print(y, y.grad_fn, y.grad_fn.next_functions)
w = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 2.0]])
(g,) = torch.autograd.grad((y * y * w).sum(), a, create_graph=True)
print(g, g.grad_fn)
(gg,) = torch.autograd.grad(g.sum(), a)
print(gg)
s = torch.tensor(2.0, requires_grad=True)
t = s.cumsum(0)
t.backward()
print(t, s.grad)

# flip: a copy with the order reversed along dims
b = torch.arange(6.0).reshape(2, 3).requires_grad_()
f = b.flip(0, 1)
print(f, torch.flip(b, [1]), b.flip(-1).grad_fn)
(f * torch.arange(6.0).reshape(2, 3)).sum().backward()
print(b.grad)
try:
    b.flip(0, 0)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    a.cumsum(2)
except IndexError as e:
    print("IndexError:", e)
