# torch.tril and torch.triu (methods, in-place twins, batches, diagonals), their gradients masked alike (double
# backward too), and the error for a vector
import torch
a = torch.arange(1., 13.).reshape(3, 4).requires_grad_()
t = torch.tril(a)
u = a.triu(1)
print(t, u, torch.tril(a, -1), torch.triu(a, diagonal=-1))
(t * 2 + u * 3).sum().backward()
print(a.grad, t.grad_fn, u.grad_fn, t.grad_fn._saved_diagonal, u.grad_fn._saved_diagonal)
b = torch.ones(2, 3, 3)
print(b.tril(), torch.triu(b, 2).sum())
c = torch.ones(3, 3)
c.tril_()
print(c)
try:
    torch.tril(torch.ones(3))
except RuntimeError as e:
    print(e)
x = torch.randn(4, 4, dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(torch.tril(x).pow(2).sum(), x, create_graph=True)
print(torch.autograd.grad(g.sum(), x)[0])
