# F.one_hot (int64 rows with a 1 at each class index; torch's checks in its order) and torch.all, torch.any,
# torch.count_nonzero in the torch namespace, as the methods
import torch
import torch.nn.functional as F

x = torch.tensor([0, 2, 1])
print(F.one_hot(x), F.one_hot(x, 4), F.one_hot(torch.tensor(1), 3), F.one_hot(torch.tensor([[0], [1]])).shape)
print(F.one_hot(torch.tensor([], dtype=torch.long), 3), F.one_hot(x, num_classes=3).float() @ torch.ones(3, 2))
for args in [(torch.tensor([0., 1.]),), (torch.tensor([0, 1], dtype=torch.int32),), (torch.tensor([-1, 1]),),
             (torch.tensor([0, 3]), 3), (torch.tensor([], dtype=torch.long),), (x, 0), (x, -2)]:
    try:
        print(F.one_hot(*args))
    except RuntimeError as e:
        print(e)
y = torch.tensor([[1.0, 0.0], [2.0, 3.0]])
print(torch.all(y), torch.any(y), torch.all(y, dim=1), torch.any(y == 0, 0), torch.count_nonzero(y))
print(torch.all(y > -1).item(), torch.count_nonzero(y, dim=0), torch.all(torch.tensor([], dtype=torch.bool)))
