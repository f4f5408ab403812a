import torch

i = torch.tensor([1, 2, 3])
print(i * 2.5, (i * 2.5).dtype)
print(i + 1, (i + 1).dtype)
print(i / 2, (i / 2).dtype)
print(i / i)
print(i * i)
print(i // 2, i % 2)
print(i ** 2, i ** 0.5)
print(i + torch.tensor([0.5, 0.5, 0.5]))
print(i.sum(), i.mean(dtype=torch.float32))
