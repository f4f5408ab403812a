import torch

x = torch.tensor([1.7, -2.3, 0.5])
print(x.long(), x.int(), x.double(), x.bool())
print(x.to(torch.float64))
print(x.to(dtype=torch.int64))
print(x.type(torch.int32))
print(x.long().float())
print(torch.tensor([1, 0, 3]).bool())
print(x.float() is x, x.to(torch.float32) is x)
print(x.type())
print(x.double().type(), x.long().type())
