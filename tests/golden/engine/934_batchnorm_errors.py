# batch_norm's checks as torch 2.13 words them: the modules' input dims, one value per channel in training,
# running statistics' sizes, eval mode without them, eps
import torch
import torch.nn as nn
import torch.nn.functional as F

cases = [
    ("1d on 1-D", lambda: nn.BatchNorm1d(3)(torch.randn(3))),
    ("1d on 4-D", lambda: nn.BatchNorm1d(3)(torch.randn(2, 3, 4, 5))),
    ("2d on 3-D", lambda: nn.BatchNorm2d(3)(torch.randn(2, 3, 4))),
    ("one value per channel", lambda: nn.BatchNorm1d(3)(torch.randn(1, 3))),
    ("one value per channel, 3-D", lambda: nn.BatchNorm1d(3)(torch.randn(1, 3, 1))),
    ("2d, one value per channel", lambda: nn.BatchNorm2d(3)(torch.randn(1, 3, 1, 1))),
    ("wrong channels", lambda: nn.BatchNorm1d(3)(torch.randn(2, 4))),
    ("running_var size", lambda: F.batch_norm(torch.randn(2, 3), torch.zeros(3), torch.ones(2))),
    ("eval without running stats", lambda: F.batch_norm(torch.randn(2, 3), None, None)),
    ("eps in training", lambda: F.batch_norm(torch.randn(2, 3), None, None, training=True, eps=0.0)),
    ("negative eps", lambda: F.batch_norm(torch.randn(2, 3), torch.zeros(3), torch.ones(3), eps=-1.0)),
]
for name, case in cases:
    try:
        case()
        print(name, "ok")
    except (RuntimeError, ValueError) as error:
        print(f"{name}: {type(error).__name__}: {error}")
bn = nn.BatchNorm1d(3).eval()
print(bn(torch.ones(1, 3)).tolist())
