# nn.Embedding and F.embedding: torch's N(0, 1) initialisation (the padding row zero), repr, lookup of any index
# shape, the weight's gradient accumulating repeated rows in order (none for padding_idx), from_pretrained,
# max_norm renormalising the rows looked up in place, float64, and second derivatives
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
emb = nn.Embedding(10, 3)
print(emb, emb.weight.dtype, emb.weight.requires_grad)
print(emb.weight[:3].tolist())
idx = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
out = emb(idx)
print(out.shape, out.grad_fn, out[1].tolist())
out.backward(torch.randn(2, 4, 3))
print(emb.weight.grad.tolist())
pad = nn.Embedding(6, 4, padding_idx=-2)
print(pad, pad.padding_idx, pad.weight[4].tolist())
y = pad(torch.tensor([4, 0, 4, 1, 1, 1]))
(y * torch.arange(24.0).reshape(6, 4)).sum().backward()
print(y[0].tolist(), pad.weight.grad.tolist())
print(nn.Embedding(3, 2, max_norm=1.0, norm_type=1.0, scale_grad_by_freq=False))
pretrained = torch.tensor([[1.0, 2.3, 3.0], [4.0, 5.1, 6.3]])
frozen = nn.Embedding.from_pretrained(pretrained)
print(frozen, frozen.weight.requires_grad, frozen(torch.tensor([1])).tolist())
print(nn.Embedding.from_pretrained(pretrained, freeze=False, padding_idx=0).weight.requires_grad)
renormed = nn.Embedding(5, 3, max_norm=1.5)
with torch.no_grad():
    renormed.weight.mul_(2)
before = renormed.weight.detach().clone()
print(renormed(torch.tensor([[0, 3], [3, 1]])).tolist())
print(renormed.weight.tolist(), (renormed.weight != before).any(1).tolist())
w = torch.randn(7, 2, dtype=torch.float64, requires_grad=True)
lookup = F.embedding(torch.tensor([6, 0, 6, 6, 2]), w, padding_idx=0)
print(lookup.dtype, lookup.tolist())
gw, = torch.autograd.grad((lookup ** 3).sum(), w, create_graph=True)
print(gw.grad_fn, gw.tolist())
hw, = torch.autograd.grad((gw * gw).sum(), w)
print(hw.tolist())
print(F.embedding(torch.tensor(3, dtype=torch.int32), w).tolist())
