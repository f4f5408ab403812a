# Float32 and float64 bits of what torch computes with the C library's expf/logf/log1pf and SLEEF's double log
# (issue 13): binary_cross_entropy's logs, binary_cross_entropy_with_logits's log_sigmoid, softmax off the last
# dim (the scalar tail's expf), log_softmax of float64, add/sub with alpha, smooth_l1/huber gradients.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
p = torch.rand(40) * 0.98 + 0.01
t = torch.rand(40)
print(F.binary_cross_entropy(p, t).item(), F.binary_cross_entropy(p, t, reduction="none")[:6].tolist())
x = torch.randn(37) * 4
print(F.binary_cross_entropy_with_logits(x, t[:37]).item(),
      F.binary_cross_entropy_with_logits(x, t[:37], weight=p[:37], pos_weight=torch.full((37,), 2.5),
                                         reduction="none")[30:].tolist())
print(F.binary_cross_entropy_with_logits(x.double(), t[:37].double()).item())
z = torch.randn(6, 11) * 5
print(torch.softmax(z, 0)[:, 8:].sum(0).tolist(), torch.softmax(z, 0)[:, 10].tolist())
print(torch.log_softmax(z.double(), 0)[:, -1].tolist(), torch.log_softmax(z.double(), 1)[2].tolist())
a = torch.randn(21)
print(torch.add(a, a[3:4], alpha=2.5)[16:].tolist(), torch.sub(a, torch.randn(21), alpha=0.3)[-4:].tolist())
q = torch.randn(19, requires_grad=True)
g, = torch.autograd.grad(F.smooth_l1_loss(q, torch.zeros(19), beta=0.3), q)
print(g[16:].tolist())
g, = torch.autograd.grad(F.huber_loss(q.double(), torch.zeros(19, dtype=torch.float64), delta=0.7), q)
print(g[-3:].tolist())
