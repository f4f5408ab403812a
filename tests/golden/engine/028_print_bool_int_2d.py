import torch

print(torch.tensor([[True, False], [False, True]]))
print(torch.arange(12).reshape(3, 4) - 5)
print(torch.tensor([[1, 2, 3]], dtype=torch.int32))
print(torch.zeros(2, 2, dtype=torch.bool))
print(torch.tensor([2**40, -1]))
print(torch.eye(3, dtype=torch.long))
