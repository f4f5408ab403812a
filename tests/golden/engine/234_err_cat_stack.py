import torch

a = torch.ones(2, 3)
b = torch.ones(2, 2)
for f in (lambda: torch.cat([a, b]), lambda: torch.cat([a, b], dim=0),
          lambda: torch.stack([torch.ones(2), torch.ones(3)]), lambda: torch.cat([a, a], dim=2),
          lambda: torch.cat([]), lambda: torch.cat([a, torch.ones(3)])):
    try:
        f()
    except (RuntimeError, IndexError, ValueError) as e:
        print(type(e).__name__ + ": " + str(e))
print(torch.cat([a, b], dim=1).shape)
