import torch

x = torch.tensor([[1.0, 7.0, 3.0], [4.0, 2.0, 6.0]])
print(x.argmax(), x.argmin())
print(torch.argmax(x, dim=1), torch.argmin(x, dim=0))
print(x.argmax(dim=1, keepdim=True))
print(torch.tensor([2.0, 9.0, 9.0, 1.0]).argmax())
print(x.argmax().dtype, x.argmax().item())
y = torch.tensor([0.5, 3.0], requires_grad=True)
print(y.argmax(), y.argmax().requires_grad)
