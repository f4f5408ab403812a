import torch

print(torch.arange(24.0).reshape(2, 3, 4))
print(torch.arange(8).reshape(2, 2, 2))
print(torch.tensor([[[1.5]]]))
print(torch.ones(2, 1, 2, 1))
print(torch.tensor([[0.1, -2.0], [3.0, 4.25]], requires_grad=True))
