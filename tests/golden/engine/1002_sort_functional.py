# The overall median under forward-mode AD (the tangent shared evenly between the ties), and Jacobians and
# Hessians through sort and topk (torch.autograd.functional)
import torch
import torch.autograd.forward_ad as fwAD
y = torch.tensor([2., 1., 2., 3., 2.], dtype=torch.float64)
with fwAD.dual_level():
    d = fwAD.make_dual(y, torch.tensor([1., 2., 3., 4., 5.], dtype=torch.float64))
    print(fwAD.unpack_dual(torch.median(d)).tangent)
x = torch.tensor([[1., 2.], [2., 1.]], requires_grad=True)
print(torch.autograd.functional.jacobian(lambda t: t.sort(1).values, x))
print(torch.autograd.functional.hessian(lambda t: (t.topk(1, 0).values ** 3).sum(), x))
