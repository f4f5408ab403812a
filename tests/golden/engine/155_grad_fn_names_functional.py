import torch
import torch.nn.functional as F

x = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
t = torch.tensor([[1.0, 0.0], [0.0, 1.0]])
exprs = [F.relu(x), F.sigmoid(x), F.tanh(x), F.softmax(x, dim=1), F.log_softmax(x, dim=1),
         F.mse_loss(x, t), F.l1_loss(x, t), F.binary_cross_entropy_with_logits(x, t),
         F.binary_cross_entropy(torch.sigmoid(x), t), F.cross_entropy(x, torch.tensor([0, 1])),
         F.nll_loss(x, torch.tensor([1, 0])), torch.sigmoid(x), torch.tanh(x)]
for e in exprs:
    print(e.grad_fn.name())
