import torch

# randn of 16 elements and more takes torch's vectorised Box-Muller (in blocks of 16, the last block redrawn);
# tolist() shows every bit of a float32, and the integer sums cover every element of the large tensors.
torch.manual_seed(0)
for size in (16, 17, 31, 100):
    print(size, torch.randn(size).tolist()[-3:])
torch.manual_seed(1)
x = torch.randn(100000)
print(x[:4].tolist(), x[-4:].tolist())
print((x * 2**20).long().sum().item(), (x.abs() * 2**20).long().sum().item())
y = torch.randn(250, 400, dtype=torch.float64)
print(y[0, :3].tolist(), (y * 2**40).long().sum().item())
u = torch.rand(100000)
print(u[-3:].tolist(), (u * 2**24).long().sum().item())
print(torch.randn(3).tolist())
