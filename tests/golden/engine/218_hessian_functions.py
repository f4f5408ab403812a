import torch
import torch.nn.functional as F
from torch.autograd.functional import hessian

x = torch.tensor([0.5, -1.0, 2.0])
print(hessian(lambda v: v.norm(), x))
print(hessian(lambda v: torch.log_softmax(v, 0)[0], x))
print(hessian(lambda v: F.mse_loss(v, torch.zeros(3)), x))
print(hessian(lambda v: (v[0] * v[1] * v[2]), x))
print(hessian(lambda v: torch.sigmoid(v).prod(), torch.tensor([0.0, 1.0])))
