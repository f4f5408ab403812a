import torch

x = torch.tensor([[1.0, -2.0], [-3.0, 4.0]], requires_grad=True)
b = torch.tensor([100.0, 200.0], requires_grad=True)
z = torch.where(x > 0, x, b)
print(z)
z.sum().backward()
print(x.grad)
print(b.grad)
print(torch.where(torch.tensor([[True], [False]]), torch.tensor(1.0), torch.tensor([5.0, 6.0])))
