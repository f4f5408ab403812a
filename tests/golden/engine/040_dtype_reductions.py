import torch

i = torch.tensor([[1, 2], [3, 4]])
print(i.sum(), i.sum(0), i.prod())
print(i.max(), i.min(), i.argmax())
print(i.float().mean(), i.double().mean(0))
b = torch.tensor([True, True, False])
print(b.sum(), b.any(), b.all())
try:
    print(i.mean())
except Exception as e:
    print(type(e).__name__ + ": " + str(e))
