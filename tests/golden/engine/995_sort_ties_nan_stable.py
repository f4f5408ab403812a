# torch.sort, argsort and msort: ties in the order torch's std::sort leaves them (stable=True keeps them in
# place), NaN as the largest value, -0.0 equal to 0.0, descending, dims, integer, bool and 0-d tensors, the
# named tuple, the methods, the dim error
import torch
x = torch.tensor([3., 1., float("nan"), 2., 1., -0., 0., float("nan"), 3., 1., 2., 0., 1., 3., 2., 1., 0., 2., 1.])
r = torch.sort(x)
print(r)
print(r.values, r.indices, r[0].dtype, r[1].dtype)
print(torch.sort(x, descending=True))
print(torch.sort(x, stable=True).indices, torch.sort(x, descending=True, stable=True).indices)
print(x.sort(0, True).indices, x.argsort(), torch.argsort(x, descending=True), x.argsort(stable=True))
m = torch.tensor([[2, 1, 2, 0], [1, 1, 0, 1], [0, 2, 2, 1]])
print(torch.sort(m, dim=0), m.sort(dim=1, descending=True), torch.msort(m), m.msort())
print(torch.argsort(m, dim=0, descending=True), torch.argsort(m, dim=-2, stable=True))
b = torch.tensor([True, False, True, True, False, False, True, False, True, False, True, True, False, True, False,
                  True, False, True, False, True])
print(b.sort(), b.sort(descending=True).indices, b.argsort(stable=True))
s = torch.tensor(2.5)
print(torch.sort(s), s.argsort(), torch.sort(s, -1, True))
e = torch.zeros(0, 3)
print(torch.sort(e), torch.sort(e, 0).indices.shape)
print(torch.sort(torch.tensor([1, 5, 2], dtype=torch.uint8), descending=True))
print(torch.sort(torch.tensor([0.5, -1.5, 0.5], dtype=torch.float64)))
w = torch.ones(3, 1).expand(3, 20)
print(torch.sort(w).indices[0], torch.sort(w, descending=True).indices[2])
try:
    torch.sort(x, 1)
except IndexError as err:
    print(err)
