import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.0], [1.0, 1.0, 1.0]], requires_grad=True)
target = torch.tensor([0, 1, 2])
loss = F.cross_entropy(logits, target)
print(loss)
loss.backward()
print(logits.grad)
print(F.cross_entropy(logits, target, reduction="none"))
print(F.cross_entropy(logits, target, reduction="sum"))
print(F.cross_entropy(logits[0], torch.tensor(0)))
