import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
e = x.expand(3, 2)
print(e, e.is_contiguous())
c = e.contiguous()
print(c.is_contiguous(), c.grad_fn.name())
(c * torch.tensor([[1.0], [2.0], [3.0]])).sum().backward()
print(x.grad)
v = x.unsqueeze(0).expand(2, -1).reshape(4)
print(v, v.grad_fn.name())
