import torch

a = torch.Tensor([1, 2, 3])
print(a, a.dtype)
b = torch.FloatTensor([[1, 2], [3, 4]])
print(b, b.dtype)
c = torch.DoubleTensor([1.5, 2.5])
print(c, c.dtype)
d = torch.LongTensor([1, 2, 3])
print(d, d.dtype)
e = torch.Tensor([[0.25]])
print(e, e.shape, e.requires_grad, e.is_leaf)
