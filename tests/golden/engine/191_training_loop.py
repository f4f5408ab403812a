import torch

torch.manual_seed(0)
X = torch.tensor([[0.0], [1.0], [2.0], [3.0]])
Y = 2 * X + 1
w = torch.zeros(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(5):
    pred = X @ w + b
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
    print(f"epoch {epoch}: loss {loss.item():.4f} w {w.item():.4f} b {b.item():.4f}")
print(w, b)
