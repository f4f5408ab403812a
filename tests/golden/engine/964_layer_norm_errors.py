# layer_norm's checks as torch 2.13 words them: normalized_shape against the input's last dims, weight and bias
# shapes, an empty normalized_shape, an int (the module takes one, the function not); then a list, a tuple, a Size
import torch
import torch.nn as nn
import torch.nn.functional as F

cases = [
    ("wrong last dim", lambda: F.layer_norm(torch.randn(2, 3), (4,))),
    ("too few dims", lambda: F.layer_norm(torch.randn(3), (2, 3))),
    ("two dims wrong", lambda: F.layer_norm(torch.randn(2, 3, 4), [2, 4])),
    ("weight shape", lambda: F.layer_norm(torch.randn(2, 3), (3,), torch.ones(4))),
    ("bias shape", lambda: F.layer_norm(torch.randn(2, 3), (3,), None, torch.ones(1, 3))),
    ("empty shape", lambda: F.layer_norm(torch.randn(2, 3), ())),
    ("module on wrong input", lambda: nn.LayerNorm(5)(torch.randn(2, 4))),
    ("an int shape", lambda: F.layer_norm(torch.randn(2, 3), 3)),
]
for name, case in cases:
    try:
        case()
        print(name, "ok")
    except (RuntimeError, ValueError, TypeError) as error:
        print(f"{name}: {type(error).__name__}: {error}")
x = torch.tensor([[1.0, 2.0, 4.0], [-1.0, 0.0, 7.0]])
print(F.layer_norm(x, [3]), F.layer_norm(x, (2, 3)).tolist(), F.layer_norm(x, x.shape[1:]).tolist())
print(nn.LayerNorm([2, 3], elementwise_affine=False)(x))
