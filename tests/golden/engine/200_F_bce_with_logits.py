import torch
import torch.nn.functional as F

z = torch.tensor([[0.5, -1.0, 2.0], [0.0, 3.0, -2.0]], requires_grad=True)
y = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
loss = F.binary_cross_entropy_with_logits(z, y)
print(loss)
loss.backward()
print(z.grad)
print(F.binary_cross_entropy_with_logits(z, y, reduction="sum"))
print(F.binary_cross_entropy_with_logits(z, y, reduction="none"))
print(loss.grad_fn)
