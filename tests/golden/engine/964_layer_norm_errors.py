# layer_norm's checks as torch 2.13 words them: normalized_shape against the input's last dims, weight and bias
# shapes, an empty normalized_shape, an int (the module takes one, the function not), integer and mixed dtypes, a
# list; then a list, a tuple, a Size as the shape, and empty inputs
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
    ("integer input", lambda: F.layer_norm(torch.tensor([[1, 2, 3]]), [3])),
    ("double input, float module", lambda: nn.LayerNorm(3)(torch.randn(2, 3, dtype=torch.float64))),
    ("float input, double weight", lambda: F.layer_norm(torch.randn(2, 3), [3], torch.ones(3, dtype=torch.float64))),
    ("a list input", lambda: nn.LayerNorm(2)([1.0, 2.0])),
]
for name, case in cases:
    try:
        case()
        print(name, "ok")
    except (RuntimeError, ValueError, TypeError, NotImplementedError) as error:
        print(f"{name}: {type(error).__name__}: {error}")
x = torch.tensor([[1.0, 2.0, 4.0], [-1.0, 0.0, 7.0]])
print(F.layer_norm(x, [3]), F.layer_norm(x, (2, 3)).tolist(), F.layer_norm(x, x.shape[1:]).tolist())
print(nn.LayerNorm([2, 3], elementwise_affine=False)(x))
print(nn.LayerNorm(3)(torch.randn(0, 3)).shape, F.layer_norm(torch.randn(2, 0), [0]).shape)
