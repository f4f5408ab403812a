import torch

v = torch.tensor([1.0, 2.0, 3.0])
M = torch.tensor([[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]])
print(torch.matmul(v, v), torch.matmul(v, v).shape)
print(torch.matmul(M, v), torch.matmul(M, v).shape)
print(torch.matmul(torch.tensor([1.0, 2.0]), M))
print(torch.matmul(M, M.t()))
B = torch.ones(4, 2, 3)
print(torch.matmul(B, v).shape, torch.matmul(B, M.t()).shape)
print(torch.matmul(torch.ones(2, 1, 2, 3), torch.ones(5, 3, 4)).shape)
print((M @ v).grad_fn, (v @ v).dtype)
