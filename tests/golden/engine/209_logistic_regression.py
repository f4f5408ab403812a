import torch
import torch.nn.functional as F

X = torch.tensor([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
y = torch.tensor([1.0, 0.0, 1.0, 0.0])
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(4):
    logits = X @ w + b
    loss = F.binary_cross_entropy_with_logits(logits, y)
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
    w.grad = None
    b.grad = None
    print(step, f"{loss.item():.4f}", w, b)
print(torch.sigmoid(X @ w + b))
