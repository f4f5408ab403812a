# F.layer_norm on random shapes (rows of 1 to 3000 elements: vector tails, Welford chunks and their cascade),
# float32 and float64, with and without weight and bias, eps 1e-5 and 1e-3: the output, mean-free checks and
# the three gradients, bit for bit (a digest of every byte, and the last elements)
import hashlib

import torch
import torch.nn.functional as F


def digest(t):
    return hashlib.sha256(t.detach().numpy().tobytes()).hexdigest()[:16]


torch.manual_seed(7)
shapes = [((5,), (5,)), ((3, 8), (8,)), ((2, 17), (17,)), ((4, 3, 33), (33,)), ((2, 6, 7), (6, 7)),
          ((3, 129), (129,)), ((2, 257), (257,)), ((1, 1000), (1000,)), ((2, 3000), (3000,)), ((3, 2, 40), (2, 40)),
          ((6, 1), (1,)), ((2, 4, 5, 3), (4, 5, 3))]
for dtype in (torch.float32, torch.float64):
    for k, (shape, normalized) in enumerate(shapes):
        x = (torch.randn(shape, dtype=dtype) * (1 + k) + k - 4).requires_grad_()
        w = torch.randn(normalized, dtype=dtype).requires_grad_() if k % 3 != 1 else None
        b = torch.randn(normalized, dtype=dtype).requires_grad_() if k % 4 != 2 else None
        eps = 1e-3 if k % 2 else 1e-5
        out = F.layer_norm(x, normalized, w, b, eps)
        g = torch.randn(shape, dtype=dtype)
        out.backward(g)
        print(dtype, shape, normalized, w is not None, b is not None, digest(out), out.flatten()[-3:].tolist())
        print("  grads", digest(x.grad), x.grad.flatten()[:2].tolist(),
              None if w is None else (digest(w.grad), w.grad.flatten()[-2:].tolist()),
              None if b is None else (digest(b.grad), b.grad.flatten()[:2].tolist()))
