import torch

x = torch.ones(5, 1, 4)
y = torch.ones(3, 1)
print((x + y).shape)
print((torch.ones(1) + torch.ones(3, 2)).shape)
print((torch.ones(2, 3) + torch.tensor(1.0)).shape)
print((torch.ones(4, 1) * torch.ones(1, 4)).shape)
print((torch.ones(2, 1) - torch.ones(1, 3)).shape)
e = torch.ones(0, 3) + torch.ones(3)
print(e.shape)
