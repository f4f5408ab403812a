import torch

x = torch.tensor([[1.0, -2.0, 2.0], [0.0, 0.0, 0.0]], requires_grad=True)
print(x.norm(dim=1), x.norm(p=1, dim=1), torch.norm(x, dim=0))
x.norm(dim=1).sum().backward()
print(x.grad)
z = torch.zeros(3, requires_grad=True)
z.norm().backward()
print(z.grad)
print(torch.tensor([3.0, 4.0]).norm(), torch.tensor([[3.0, 4.0]]).norm(dim=1, keepdim=True))
