import torch
import torch.nn.functional as F

pred = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
target = torch.tensor([[1.5, 2.0], [2.0, 6.0]])
loss = F.mse_loss(pred, target)
print(loss)
loss.backward()
print(pred.grad)
print(F.mse_loss(pred, target, reduction="sum"), F.mse_loss(pred, target, reduction="none"))
print(loss.grad_fn.name())
