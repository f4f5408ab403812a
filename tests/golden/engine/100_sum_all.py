import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
s = x.sum()
print(s, s.shape)
s.backward()
print(x.grad)
print(torch.sum(x), s.grad_fn.name())
print(torch.tensor([]).sum(), torch.tensor([[1, 2], [3, 4]]).sum())
