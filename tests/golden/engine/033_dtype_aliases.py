import torch

print(torch.float, torch.double, torch.long, torch.int, torch.bool)
print(torch.float == torch.float32, torch.double == torch.float64)
print(torch.long is torch.int64, torch.int is torch.int32)
print(torch.float32, torch.float64, torch.int64, torch.int32)
print(torch.float32.is_floating_point, torch.int64.is_floating_point)
print(repr(torch.float64), str(torch.int64))
print(torch.tensor([1, 2], dtype=torch.int).dtype)
print(torch.tensor([1, 2], dtype=torch.float))
