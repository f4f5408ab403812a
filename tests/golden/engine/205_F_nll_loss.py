import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, -1.0, 0.0]], requires_grad=True)
target = torch.tensor([2, 0])
logp = F.log_softmax(x, dim=1)
loss = F.nll_loss(logp, target)
print(logp)
print(loss)
loss.backward()
print(x.grad)
print(F.nll_loss(logp, target, reduction="none"))
print(torch.allclose(loss, F.cross_entropy(x, target)))
