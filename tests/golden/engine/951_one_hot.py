# F.one_hot: int64 rows, num_classes inferred or given, empty and 0-d inputs, and torch's errors
import torch
import torch.nn.functional as F
print(F.one_hot(torch.tensor([0, 2, 1])), F.one_hot(torch.tensor([[0], [3]]), 5), F.one_hot(torch.tensor([], dtype=torch.long), 3), F.one_hot(torch.tensor(2), 4))
for f in [lambda: F.one_hot(torch.tensor([0., 1.])), lambda: F.one_hot(torch.tensor([-1, 1])), lambda: F.one_hot(torch.tensor([3]), 2), lambda: F.one_hot(torch.tensor([], dtype=torch.long)), lambda: F.one_hot(torch.tensor([1, 2], dtype=torch.int32), 3), lambda: F.one_hot(torch.tensor([1]), 0)]:
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError", e)
print(F.one_hot(torch.tensor([1]), num_classes=3).dtype, F.one_hot(torch.tensor([0, 1]), 2).requires_grad)
print(F.one_hot(torch.arange(3) % 2).float() @ torch.ones(2, 2))
