import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
x.data = torch.tensor([10.0, 20.0])
print(x, x.shape, x.requires_grad, x.is_leaf)
z = (x * 3).sum()
z.backward()
print(x.grad)
w = torch.tensor([1.0], requires_grad=True)
w.data.fill_(5.0)
(w ** 2).sum().backward()
print(w, w.grad)
