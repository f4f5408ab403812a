# Matrix products do not promote dtypes: each names the mismatch as torch 2.13 does (addmm checks self, then
# mat1, against mat2 before the shapes; mv is an addmv into a result of the vector's dtype; nn.Linear on
# float64 input goes through addmm)
import torch
import torch.nn.functional as F

a32, a64 = torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64)
v32, v64 = torch.ones(2), torch.ones(2, dtype=torch.float64)
cases = [
    ("mm", lambda: torch.mm(a64, a32)), ("matmul", lambda: v64 @ a32), ("mv", lambda: torch.mv(a64, v32)),
    ("mv, the other way", lambda: torch.mv(a32, v64)), ("dot", lambda: torch.dot(v64, v32)),
    ("addmm: self", lambda: torch.addmm(v64, a32, a32)), ("addmm: mat1", lambda: torch.addmm(v32, a64, a32)),
    ("addmm: dtype before shape", lambda: torch.addmm(v32, a64[:, :1], a32)),
    ("addmm: half self", lambda: torch.addmm(v32.half(), a32, a32)),
    ("linear, 1-d input", lambda: F.linear(v64, a32, v32)), ("linear, 2-d input", lambda: F.linear(a64, a32, v32)),
    ("linear without bias", lambda: F.linear(a64, a32)), ("bmm", lambda: torch.bmm(a64[None], a32[None])),
    ("mv: shape before dtype", lambda: torch.mv(a64, torch.ones(3))),
]
for name, case in cases:
    try:
        case()
        print(name, "ok")
    except RuntimeError as error:
        print(f"{name}: {error}")
