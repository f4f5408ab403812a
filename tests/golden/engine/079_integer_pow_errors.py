import torch

i = torch.tensor([1, 2, 3])
print(i ** 2, i ** 0, torch.pow(2, i), 2 ** i)
try:
    print(i ** -1)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
print(i ** -1.0, i.float() ** -1)
print(torch.tensor(2) ** torch.tensor(3), torch.tensor(2.0) ** torch.tensor(3))
