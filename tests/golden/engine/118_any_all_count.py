import torch

x = torch.tensor([[1.0, -2.0], [0.0, 4.0]])
print((x > 0).sum(), (x > 0).sum(dim=0))
print((x > 0).any(), (x > 0).all(), (x != 0).all(dim=1))
print((x > 0).sum(dim=1, keepdim=True), (x < 0).any(dim=0))
print((x > 0).float().mean())
