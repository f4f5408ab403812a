import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
lr = 0.1
for step in range(3):
    loss = ((w - torch.tensor([3.0, 1.0])) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
    print(step, loss.item(), w, w.grad)
    w.grad.zero_()
print(w.is_leaf, w.requires_grad)
