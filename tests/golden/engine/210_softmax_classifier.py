import torch
import torch.nn.functional as F

X = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
target = torch.tensor([0, 1, 2])
W = torch.zeros(2, 3, requires_grad=True)
for step in range(3):
    loss = F.cross_entropy(X @ W, target)
    loss.backward()
    with torch.no_grad():
        W -= 1.0 * W.grad
        W.grad.zero_()
    print(step, round(loss.item(), 4))
print(W)
print((X @ W).argmax(dim=1))
