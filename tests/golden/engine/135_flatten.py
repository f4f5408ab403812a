import torch

x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
print(x.flatten().shape, x.flatten(1).shape, torch.flatten(x, 0, 1).shape)
print(x.flatten(start_dim=1, end_dim=-1).shape)
f = x.flatten()
f.backward(torch.arange(24.0))
print(x.grad)
print(f.grad_fn.name(), torch.tensor(5.0).flatten())
