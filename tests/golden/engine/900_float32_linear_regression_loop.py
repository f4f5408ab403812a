# A float32 training loop printing loss.item() every step: torch's reduction order decides the last bits.
import torch

torch.manual_seed(0)
x = torch.rand(100, 1) * 4 - 2
y = 3 * x + 2 + 0.5 * (torch.rand(100, 1) - 0.5)
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.05
for step in range(500):
    y_pred = x * w + b
    loss = ((y_pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    print(step, loss.item())
print(w.item(), b.item())
