x = torch.tensor(1.0, requires_grad=True)
z = torch.tensor(2.0, requires_grad=True)
y = x * 3
torch.autograd.grad(y, [x, z])
