import warnings
import torch
import torch.nn.functional as F

warnings.simplefilter("error")
x = torch.tensor([[0.5, 1.5], [2.0, -1.0]], requires_grad=True)
for f in (lambda: F.cross_entropy(x, torch.tensor([0, 1, 1])),
          lambda: F.binary_cross_entropy_with_logits(x, torch.ones(2, 3)),
          lambda: F.mse_loss(x, torch.ones(2, 1)),
          lambda: F.nll_loss(torch.log_softmax(x, 1), torch.tensor([[0], [1]]))):
    try:
        print(f())
    except (RuntimeError, ValueError, UserWarning) as e:
        print(type(e).__name__ + ": " + str(e))
