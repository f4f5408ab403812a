import torch

x = torch.ones(2, 3)
for f in (lambda: x.sum(dim=2), lambda: x.mean(-3), lambda: x.softmax(dim=5),
          lambda: x.max(dim=2), lambda: x.transpose(0, 2), lambda: x.unsqueeze(4),
          lambda: x.permute(0, 1, 2), lambda: x.argmax(dim=3), lambda: x.squeeze(2),
          lambda: torch.stack([x, x], dim=4)):
    try:
        f()
    except (IndexError, RuntimeError) as e:
        print(type(e).__name__ + ": " + str(e))
