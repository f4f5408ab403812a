# torch.utils.data: TensorDataset, a script's own Dataset, DataLoader (batches collated as torch's default_collate; shuffling
# draws from the random stream as torch's RandomSampler does, so the seeded batches are torch's), random_split
import torch
from torch.utils import data
torch.manual_seed(0)
X = torch.arange(20.).reshape(10, 2)
y = torch.arange(10)
ds = data.TensorDataset(X, y)
print(len(ds), ds[3])
loader = data.DataLoader(ds, batch_size=4, shuffle=True)
print(len(loader))
for xb, yb in loader:
    print(xb, yb)
print(torch.rand(2))
for xb, yb in data.DataLoader(ds, batch_size=3):
    print(yb)
print(torch.rand(2))
print(next(iter(data.DataLoader(ds, batch_size=4, shuffle=True, drop_last=True))))
train, test = data.random_split(ds, [7, 3])
print(len(train), len(test), [test[i][1] for i in range(3)])
class Squares(data.Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return float(i), i * i
for a, b in data.DataLoader(Squares(5), batch_size=2):
    print(a, b)
g = torch.Generator().manual_seed(42)
print([b for _, b in data.DataLoader(ds, batch_size=5, shuffle=True, generator=g)])
