# Embedding with scale_grad_by_freq=True: each row's gradient scaled by 1 / (its index's count in the batch),
# accumulated as torch's add (fused), with a padding index, in float32 and float64; the module's repr, the
# double backward (unscaled, as torch's), and sparse=True refused
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(2)
for dtype in (torch.float32, torch.float64):
    emb = nn.Embedding(7, 13, padding_idx=2, scale_grad_by_freq=True, dtype=dtype)
    idx = torch.tensor([[1, 3, 1, 6, 1, 5], [3, 0, 6, 1, 2, 1]])
    emb(idx).backward(torch.randn(2, 6, 13, dtype=dtype))
    print(emb, emb.weight.grad.tolist())
    w = torch.randn(4, 3, dtype=dtype, requires_grad=True)
    out = F.embedding(torch.tensor([0, 3, 3, 3, 1]), w, scale_grad_by_freq=True)
    gw, = torch.autograd.grad((out ** 2).sum(), w, create_graph=True)
    hw, = torch.autograd.grad((gw * torch.arange(12, dtype=dtype).reshape(4, 3)).sum(), w)
    print(gw.tolist(), hw.tolist())
print(nn.Embedding(3, 2, sparse=True))
