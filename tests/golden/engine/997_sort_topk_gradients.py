# The gradients of sort, msort and topk (SortBackward0, TopkBackward0): the gradient of each value goes back to
# the index it came from (zeros elsewhere, ties included), along any dim; create_graph records it, so a double
# backward works; indices carry no gradient
import torch
x = torch.tensor([[1., 3., 1., 2.], [0., 0., 5., 0.], [2., 2., 2., 1.]], requires_grad=True)
v, i = torch.sort(x, dim=1, descending=True)
print(v, i, v.grad_fn, i.requires_grad, v.grad_fn._saved_dim)
(v * torch.arange(1., 5.)).sum().backward()
print(x.grad)
x.grad = None
t = x.topk(2, dim=0)
print(t.values, t.values.grad_fn, t.values.grad_fn._saved_dim)
(t.values * torch.tensor([[1., 2., 3., 4.], [5., 6., 7., 8.]])).sum().backward()
print(x.grad)
print(torch.msort(x), x.msort().grad_fn)
y = torch.tensor([0.5, -1., 2., 0.5, 3.], dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(torch.sort(y ** 3).values.cumsum(0).sum(), y, create_graph=True)
print(g, g.grad_fn)
print(torch.autograd.grad(g.sum(), y))
h, = torch.autograd.grad((y.topk(3, sorted=False).values ** 2 * torch.tensor([1., 10., 100.],
                          dtype=torch.float64)).sum(), y, create_graph=True)
print(h, torch.autograd.grad(h.sum(), y))
s = torch.tensor(3., requires_grad=True)
sv = torch.sort(s).values
sv.backward()
print(sv, s.grad)
