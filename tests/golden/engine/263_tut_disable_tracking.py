import torch

x = torch.ones(5)
W = torch.tensor([[0.5, -0.5, 1.0]] * 5, requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)

z = torch.matmul(x, W) + b
# z.backward() will not work, gradients can only be created for scalar outputs
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, W) + b
print(z.requires_grad)

z = torch.matmul(x, W) + b
z_det = z.detach()
print(z_det.requires_grad, z)
