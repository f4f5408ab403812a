import torch

w = torch.tensor([1.0], requires_grad=True)
loss = (w * 3).sum()
loss.backward()
try:
    w -= 0.1 * w.grad
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
with torch.no_grad():
    w -= 0.1 * w.grad
print(w, w.grad)
try:
    w.data.add_(1)
    print(w)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
