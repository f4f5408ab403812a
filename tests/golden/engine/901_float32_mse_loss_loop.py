# The same fit with F.mse_loss on 1000 points, also printing a sum of squares, with float32 rounding visible.
import torch
import torch.nn.functional as F

torch.manual_seed(1)
x = torch.rand(1000, 1) * 4 - 2
y = -1.5 * x + 0.7 + 0.1 * torch.rand(1000, 1)
w = torch.rand(1, requires_grad=True)
b = torch.rand(1, requires_grad=True)
for step in range(500):
    loss = F.mse_loss(x * w + b, y)
    loss.backward()
    with torch.no_grad():
        for p in (w, b):
            p -= 0.1 * p.grad
            p.grad = None
    print(step, loss.item(), (x * w + b - y).pow(2).sum().item())
print(w.item(), b.item())
