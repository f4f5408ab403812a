# forward mode (JVPs) through linalg.solve (either side, tangents on A or B), prod and norm along dims, and the nn losses
import torch.autograd.forward_ad as fwAD
import torch.nn.functional as F
A = torch.tensor([[2., 1.], [1., 3.]], dtype=torch.double)
b = torch.tensor([1., 2.], dtype=torch.double)
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], dtype=torch.double)
t = torch.tensor([[0.5, -1., 2.], [1., 0., -0.5]], dtype=torch.double)
y = torch.tensor([[0., 1., 0.], [1., 0., 1.]], dtype=torch.double)
cases = {
  "solve": lambda d: torch.linalg.solve(d[:, :2] @ d[:, :2].T + A, b),
  "prod_dim": lambda d: d.prod(dim=1),
  "prod": lambda d: d.prod(),
  "norm": lambda d: d.norm(),
  "norm_dim": lambda d: d.norm(dim=1),
  "mse": lambda d: F.mse_loss(d, y),
  "l1": lambda d: F.l1_loss(d, y),
  "bce_logits": lambda d: F.binary_cross_entropy_with_logits(d, y),
  "bce": lambda d: F.binary_cross_entropy(torch.sigmoid(d), y),
  "cross_entropy": lambda d: F.cross_entropy(d, torch.tensor([0, 2])),
  "nll": lambda d: F.nll_loss(F.log_softmax(d, 1), torch.tensor([0, 2])),
}
for name, f in cases.items():
    try:
        with fwAD.dual_level():
            out = f(fwAD.make_dual(x, t))
            print(name, fwAD.unpack_dual(out).tangent)
    except Exception as e:
        print(name, "ERR", str(e)[:150])
B = torch.tensor([[1., 0.], [2., 1.]], dtype=torch.double)
with fwAD.dual_level():
    M = fwAD.make_dual(A, torch.tensor([[0.1, 0.], [0.3, -0.2]], dtype=torch.double))
    print(fwAD.unpack_dual(torch.linalg.solve(M, B)).tangent)
    print(fwAD.unpack_dual(torch.linalg.solve(M, B, left=False)).tangent)
    print(fwAD.unpack_dual(torch.linalg.solve(A, fwAD.make_dual(B, torch.ones(2, 2, dtype=torch.double)))).tangent)
    print(fwAD.unpack_dual(fwAD.make_dual(x, t).prod(1, keepdim=True)).tangent)
    print(fwAD.unpack_dual(fwAD.make_dual(x, t).norm(p=1, dim=0)).tangent)
