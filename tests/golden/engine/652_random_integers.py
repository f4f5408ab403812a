import torch

# random_ and randint: integers from torch's stream, random() % (to - from) + from element by element
torch.manual_seed(0)
print(torch.Tensor(5).random_(10), torch.randint(0, 10, (5,)), torch.randint(3, (2, 2)))
print(torch.empty(3, dtype=torch.long).random_(2, 9), torch.zeros(4, dtype=torch.float64).random_(-5, 5))
print(torch.randint(low=1, high=7, size=(6,)), torch.randint(10, (3,), dtype=torch.float32))
torch.manual_seed(123)
x = torch.randint(0, 2**40, (3,))
print(x, x.dtype, torch.rand(2))
g = torch.Generator().manual_seed(7)
print(torch.zeros(4).random_(100, generator=g), torch.randint(100, (4,), generator=g))
torch.manual_seed(3)  # random_() without bounds: 0 up to the largest integer the dtype holds exactly
print(torch.zeros(3).random_(), torch.zeros(3, dtype=torch.float64).random_(), torch.zeros(3, dtype=torch.long).random_())
print(torch.zeros(3, dtype=torch.int32).random_(), torch.zeros(4, dtype=torch.bool).random_(), torch.rand(1))
try:
    torch.zeros(2).random_(5, 5)
except RuntimeError as e:
    print(e)
