# torch.kthvalue and torch.median: which of equal values they pick (kthvalue: its quick select's; median along
# a dim: the first NaN, else the middle in (value, index) order), keepdim, 0-d tensors, the overall median
# (NaN if any, the sign of a zero), gradients (the picked index; the overall median's split evenly between
# ties), forward-mode AD, the errors
import torch
import torch.autograd.forward_ad as fwAD
x = torch.tensor([[3., 1., 2., 1., 1., 0., 1., 2., 1., 3.], [0., 0., 0., float("nan"), 1., 0., 0., 2., 0., 0.]])
print(torch.kthvalue(x, 4), x.kthvalue(7, dim=1, keepdim=True), torch.kthvalue(x, 2, 0))
print(torch.median(x, 1), x.median(dim=0), torch.median(x, -1, keepdim=True).indices)
print(torch.median(x), torch.median(x[0]), x[1, :3].median(), torch.tensor([0., -0., 1.]).median())
m = torch.tensor([[2, 1, 2, 0, 1], [1, 1, 0, 1, 1], [0, 2, 2, 1, 2]])
print(m.kthvalue(3), m.median(1), m.median(), torch.kthvalue(torch.tensor(5.), 1), torch.median(torch.tensor(5.), 0))
torch.manual_seed(1000)
r = torch.randint(0, 3, (4, 60)).float()
print(r.kthvalue(20).indices, r.kthvalue(45, 1).indices, r.median(1).indices, torch.median(r.t(), 0).indices)
w = torch.tensor([[1., 3., 1., 2.], [2., 2., 0., 2.]], requires_grad=True)
k = w.kthvalue(2, 1)
(k.values * torch.tensor([10., 100.])).sum().backward()
print(k.values.grad_fn, w.grad)
w.grad = None
md = torch.median(w, 0, keepdim=True)
md.values.sum().backward()
print(md.values.grad_fn, md.values.grad_fn._saved_keepdim, w.grad)
w.grad = None
a = torch.median(w)
a.backward()
print(a, a.grad_fn, w.grad)
y = torch.tensor([2., 1., 2., 3.], dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(y.kthvalue(3).values ** 2, y, create_graph=True)
print(g, torch.autograd.grad(g.sum(), y))
with fwAD.dual_level():
    d = fwAD.make_dual(y, torch.tensor([1., 2., 3., 4.], dtype=torch.float64))
    print(fwAD.unpack_dual(d.kthvalue(2).values).tangent, fwAD.unpack_dual(torch.median(d, 0).values).tangent)
for call in (lambda: x.kthvalue(11), lambda: x.kthvalue(0), lambda: torch.zeros(0).median(),
             lambda: torch.zeros(2, 0).median(1), lambda: torch.zeros(0).kthvalue(1),
             lambda: torch.tensor([True]).median(), lambda: torch.tensor([True]).kthvalue(1)):
    try:
        call()
    except (RuntimeError, IndexError) as err:
        print(type(err).__name__, err)
