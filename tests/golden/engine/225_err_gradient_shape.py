import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
out = (x ** 2).mean()
try:
    out.backward(torch.FloatTensor([[1, 1], [1, 1]]))
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
y = x * 2
try:
    y.backward(torch.ones(3))
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
y.backward(torch.ones(2, 2))
print(x.grad)
