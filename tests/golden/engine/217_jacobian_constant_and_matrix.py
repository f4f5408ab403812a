import torch
from torch.autograd.functional import jacobian

x = torch.tensor([1.0, 2.0])
print(jacobian(lambda v: torch.ones(3), x))
W = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(jacobian(lambda v: W @ v, x))
print(jacobian(lambda m: m.sum(0), torch.ones(2, 3)).shape)
print(jacobian(lambda m: m ** 2, torch.tensor([[1.0, 2.0], [3.0, 4.0]])))
