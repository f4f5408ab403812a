import warnings
import torch
import torch.nn.functional as F

warnings.simplefilter("always")
warnings.showwarning = lambda message, category, *args, **kwargs: print(category.__name__ + ": " + str(message))

x = torch.tensor([[0.5, 1.5], [2.0, -1.0]], requires_grad=True)
for f in (lambda: F.cross_entropy(x, torch.tensor([0, 2])),
          lambda: F.nll_loss(x, torch.tensor([1.0, 0.0])),
          lambda: F.binary_cross_entropy(torch.tensor([0.5, 1.5]), torch.tensor([1.0, 0.0])),
          lambda: F.mse_loss(x, torch.ones(3))):
    try:
        print(f())
    except (RuntimeError, IndexError, ValueError) as e:
        print(type(e).__name__ + ": " + str(e))
