# torch.multinomial as torch's CPU kernels draw: one sample or any without replacement by the exponential trick
# (input / Exp(1) draws, argmax or topk), several with replacement by a binary search of each row's cumulative
# sums; rand, randn, normal and randperm drawing from a torch.Generator of their own; torch's messages
import torch

g = torch.Generator().manual_seed(3)
p = torch.rand(4, 27, generator=g)
p[0, 3] = 0
print(torch.randn(2, 3, generator=g), torch.randn(20, generator=g, dtype=torch.float64)[-3:])
print(torch.normal(0.0, 2.0, size=(3,), generator=g), torch.randperm(6, generator=g))
g = torch.Generator().manual_seed(5)
print(torch.multinomial(p, 1, replacement=True, generator=g))
print(torch.multinomial(p, 5, generator=g))
print(torch.multinomial(p, 30, replacement=True, generator=g))
print(torch.multinomial(p[1].double(), 30, replacement=True, generator=g))
print(torch.multinomial(p[2], 27, generator=g))
torch.manual_seed(0)
print(torch.multinomial(torch.tensor([0.2, 0.8]), 4, replacement=True), torch.multinomial(torch.tensor([[0.2, 0.8, 0.3]]), 3))
print(torch.multinomial(torch.tensor([0., 1., 0.]), 3), torch.rand(2))
for args in [(torch.tensor([1, 2]), 1), (torch.rand(2, 2, 2), 1), (torch.rand(3), 0), (torch.rand(3), 4),
             (torch.tensor([0., 0.]), 1), (torch.tensor([-1., 2.]), 1), (torch.tensor([float('inf'), 2.]), 1),
             (torch.tensor([0., 0.]), 2, True), (torch.tensor([-1., 2.]), 2, True),
             (torch.tensor([float('nan'), 2.]), 2, True), (torch.tensor([2., float('inf')]), 2, True)]:
    try:
        print(torch.multinomial(*args))
    except RuntimeError as e:
        print(e)
try:
    torch.ones(2, generator=g)
except TypeError as e:
    print(e)
