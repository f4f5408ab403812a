import torch

# normal_(mean, std) and torch.normal(mean, std, size) scale by an FMA (z * std + mean rounded once): one by one
# below 16 elements (in double precision), in the tensor's dtype from 16 on. tolist() shows every bit.
torch.manual_seed(0)
for size in (5, 15, 16, 33):
    print(size, torch.normal(0.3, 2.5, size=(size,)).tolist()[-3:])
    print(size, torch.empty(size, dtype=torch.float64).normal_(-1.7, 3.1).tolist()[-3:])
torch.manual_seed(4)
x = torch.empty(100000).normal_(2.0, 3.1)
print((x * 2**20).long().sum().item(), x[-2:].tolist())
y = torch.normal(-1.0, 0.1, size=(300, 70), dtype=torch.float64)
print((y * 2**40).long().sum().item(), y[0, :2].tolist())
print(torch.empty(17).normal_(0.0, 3.0).tolist()[:3], torch.empty(20).normal_(5.0).tolist()[-2:])
