# Reductions print torch's float32 and float64 bits (issue 13): var and std, prod, norms, softmax over a
# non-last dim, and cross_entropy over more than 4,096 rows with ignored targets and class weights.
import torch

torch.manual_seed(0)
x = torch.rand(5, 37) * 4 - 2
print(x.var().item(), x.std(1).tolist()[:3], torch.var(x, 0, correction=0).sum().item())
print((x / 8 + 1).prod(1).tolist()[:3], x.norm().item(), x.norm(dim=0).tolist()[:3], x.norm(p=1, dim=1).tolist()[:3])
print(torch.softmax(x, 0)[:, 0].tolist(), torch.log_softmax(x, 0)[:, 1].sum().item())
d = x.double()
print(d.std().item(), d.norm(dim=1).tolist()[:2], torch.softmax(d, 1)[0, :3].tolist())
logits = torch.rand(5000, 3) * 6 - 3
target = (torch.rand(5000) * 3).long()
target[::7] = -100
weight = torch.tensor([0.5, 1.0, 2.0])
print(torch.nn.functional.cross_entropy(logits, target).item())
print(torch.nn.functional.cross_entropy(logits, target, weight=weight, reduction="sum").item())
