import torch

x = torch.tensor([[1.5, 2.0], [3.0, 4.5]], requires_grad=True)
s = (x * 2).sum()
print(s.item(), type(s.item()).__name__)
print(x.tolist())
print(x.detach().numpy())
print(type(x.detach().numpy()).__name__, x.detach().numpy().dtype)
n = torch.tensor([1, 2, 3]).numpy()
print(n, n.dtype)
print(x[1, 0].item())
a = torch.zeros(2)
a.numpy()[0] = 5.0
print(a)
