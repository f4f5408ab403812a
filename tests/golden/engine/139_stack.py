import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
s = torch.stack([a, b])
print(s)
print(torch.stack((a, b), dim=1))
print(torch.stack([a, b, a], dim=-1).shape)
s.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(a.grad, b.grad)
print(s.grad_fn.name())
t = torch.stack([a, a * 2]).sum()
t.backward()
print(a.grad)
