# sort and topk under forward-mode AD (the tangent taken at the same indices), the named tuple's fields,
# indexing and unpacking, sorting along a dim of a transposed (non-contiguous) tensor and of an expanded one
import torch
import torch.autograd.forward_ad as fwAD
x = torch.tensor([[2., 0., 2., 1.], [1., 1., 0., 3.]], dtype=torch.float64)
t = torch.arange(8., dtype=torch.float64).reshape(2, 4)
with fwAD.dual_level():
    d = fwAD.make_dual(x, t)
    s = torch.sort(d, dim=1, descending=True)
    k = d.topk(2, dim=0, largest=False)
    print(fwAD.unpack_dual(s.values).tangent, fwAD.unpack_dual(k.values).tangent, s.indices, k.indices)
r = x.t().sort(dim=0)
values, indices = r
print(values, indices, r[1] is r.indices, len(r))
e = torch.tensor([[1.], [2.]]).expand(2, 30)
print(e.sort(dim=1).indices.tolist(), e.argsort(dim=1, descending=True).tolist(), e.topk(3).indices)
big = torch.cat([torch.zeros(20), torch.ones(20)]).reshape(2, 20).t()
print(big.sort(dim=0).indices.t(), big.argsort(dim=0, descending=True).t())
