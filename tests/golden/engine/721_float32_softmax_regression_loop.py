# A 500-step float32 softmax regression with F.cross_entropy (weights applied feature by feature, no matmul):
# every printed loss equals torch's, which needs log_softmax's log to be SLEEF's logf_u10 as in torch.
import torch
import torch.nn.functional as F
torch.manual_seed(0)
n, d, k = 64, 3, 4
X = torch.rand(n, d) * 4 - 2
y = (X[:, 0] * 1.5 + X[:, 1] > 0).long() + (X[:, 2] > 0.5).long() * 2
W = [torch.zeros(k, requires_grad=True) for _ in range(d)]
b = torch.zeros(k, requires_grad=True)
for step in range(500):
    logits = b + X[:, 0:1] * W[0] + X[:, 1:2] * W[1] + X[:, 2:3] * W[2]
    loss = F.cross_entropy(logits, y)
    loss.backward()
    with torch.no_grad():
        for p in W + [b]:
            p -= 0.5 * p.grad
            p.grad.zero_()
    print(step, loss.item())
