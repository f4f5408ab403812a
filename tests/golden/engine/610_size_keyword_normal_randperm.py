# Issue 12: factories' size= keyword, torch.normal and torch.randperm on torch's random stream.
import torch

torch.manual_seed(0)
print(torch.randn(size=(2, 3)))
print(torch.rand(size=(2,)), torch.zeros(size=(1, 2)), torch.ones(size=[2], dtype=torch.float64))
print(torch.empty(size=(0, 3)).shape)

torch.manual_seed(0)
print(torch.randperm(10), torch.randperm(5, dtype=torch.float32))
torch.manual_seed(3)
print(torch.randperm(20))
print(torch.randperm(0), torch.randperm(1), torch.rand(2))
torch.manual_seed(7)
print(torch.randperm(1000)[:12], torch.randperm(1000).sum())

torch.manual_seed(0)
print(torch.normal(0.0, 1.0, size=(3,)))
print(torch.normal(torch.zeros(3), torch.ones(3)))
print(torch.normal(2.0, torch.tensor([1.0, 2.0])))
print(torch.normal(torch.tensor([1.0, 2.0]), 0.5))
print(torch.normal(mean=torch.arange(1., 4.), std=torch.tensor(0.5)))
print(torch.normal(torch.zeros(2, dtype=torch.float64), 2.0))
# every bit, through tolist()
print(torch.normal(0.3, 2.5, size=(4,)).tolist())
print(torch.normal(0.3, 2.5, size=(20,)))
print(torch.normal(-1.0, 0.1, size=(2, 10), dtype=torch.float64).tolist())
print(torch.normal(torch.full((17,), 0.3), torch.full((17,), 2.5)))
