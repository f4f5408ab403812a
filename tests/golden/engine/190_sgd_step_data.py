import torch

w = torch.tensor([0.5], requires_grad=True)
b = torch.tensor([0.0], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
t = torch.tensor([3.0, 5.0, 7.0])
for epoch in range(4):
    loss = ((w * x + b - t) ** 2).mean()
    loss.backward()
    w.data -= 0.05 * w.grad.data
    b.data = b.data - 0.05 * b.grad.data
    w.grad.data.zero_()
    b.grad = None
    print(epoch, round(loss.item(), 4), w, b)
