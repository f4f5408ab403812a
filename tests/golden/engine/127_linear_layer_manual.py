import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
W = torch.tensor([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]], requires_grad=True)
b = torch.tensor([0.01, 0.02, 0.03], requires_grad=True)
y = x @ W.t() + b
print(y)
loss = (y ** 2).mean()
loss.backward()
print(loss)
print(W.grad)
print(b.grad)
