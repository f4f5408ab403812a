import torch

a = torch.ones(2, 3)
for f in (lambda: a + torch.ones(2), lambda: a * torch.ones(3, 2),
          lambda: torch.ones(4) - torch.ones(3), lambda: torch.ones(2, 3, 4) / torch.ones(3, 3, 1)):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__ + ": " + str(e))
try:
    torch.ones(2).expand(3, 3)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
