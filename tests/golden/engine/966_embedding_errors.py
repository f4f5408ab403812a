# Embedding's checks as torch 2.13 words them: an index out of range, float indices, a weight not 2-D,
# padding_idx out of range in the module and in F.embedding, lists given for tensors; then empty and 0-d indices
import torch
import torch.nn as nn
import torch.nn.functional as F

weight = torch.randn(4, 3)
cases = [
    ("index too large", lambda: F.embedding(torch.tensor([0, 4]), weight)),
    ("negative index", lambda: F.embedding(torch.tensor([-1]), weight)),
    ("float indices", lambda: F.embedding(torch.tensor([0.0, 1.0]), weight)),
    ("weight 1-D", lambda: F.embedding(torch.tensor([0]), torch.randn(4))),
    ("module padding too large", lambda: nn.Embedding(4, 2, padding_idx=4)),
    ("module padding too small", lambda: nn.Embedding(4, 2, padding_idx=-5)),
    ("functional padding", lambda: F.embedding(torch.tensor([0]), weight, padding_idx=7)),
    ("module index too large", lambda: nn.Embedding(3, 2)(torch.tensor([[3]]))),
    ("a list of indices", lambda: nn.Embedding(3, 2)([1, 2])),
    ("a list as weight", lambda: F.embedding(torch.tensor([0]), [[1.0, 2.0]])),
]
for name, case in cases:
    try:
        case()
        print(name, "ok")
    except (RuntimeError, IndexError, AssertionError, TypeError) as error:
        print(f"{name}: {type(error).__name__}: {error}")
print(nn.Embedding(3, 2)(torch.tensor([], dtype=torch.long)).shape, nn.Embedding(3, 2)(torch.tensor(1)).shape)
