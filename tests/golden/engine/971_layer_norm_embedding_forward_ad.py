# Forward-mode AD through layer_norm (torch's layer_norm_jvp op by op: tangents of the input, weight and bias,
# with and without affine parameters) and embedding (the rows of the weight's tangent), float32 and float64
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn.functional as F

torch.manual_seed(11)
for dtype in (torch.float32, torch.float64):
    x, tx = torch.randn(3, 2, 10, dtype=dtype) * 2, torch.randn(3, 2, 10, dtype=dtype)
    w, tw = torch.randn(2, 10, dtype=dtype), torch.randn(2, 10, dtype=dtype)
    b, tb = torch.randn(2, 10, dtype=dtype), torch.randn(2, 10, dtype=dtype)
    with fwAD.dual_level():
        out = F.layer_norm(fwAD.make_dual(x, tx), [2, 10], fwAD.make_dual(w, tw), fwAD.make_dual(b, tb))
        print(fwAD.unpack_dual(out).tangent[1, 0].tolist())
        out = F.layer_norm(fwAD.make_dual(x, tx), [10], eps=1e-3)
        print(fwAD.unpack_dual(out).tangent[2, 1].tolist())
        out = F.layer_norm(x, [2, 10], fwAD.make_dual(w, tw), b)
        print(fwAD.unpack_dual(out).tangent[0, 1].tolist())
        table, ttable = torch.randn(5, 3, dtype=dtype), torch.randn(5, 3, dtype=dtype)
        rows = F.embedding(torch.tensor([[4, 0], [4, 2]]), fwAD.make_dual(table, ttable), padding_idx=0)
        print(fwAD.unpack_dual(rows).tangent.tolist())
