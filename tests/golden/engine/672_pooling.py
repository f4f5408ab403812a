import torch
import torch.nn.functional as F

x = torch.tensor([[[[1.0, 5.0, 2.0, 0.0, 3.0],
                    [4.0, -1.0, 6.0, 2.0, 1.0],
                    [0.0, 2.0, 7.0, 8.0, -3.0],
                    [9.0, 1.0, 0.5, 4.0, 2.0],
                    [3.0, 3.0, 1.0, 0.0, 6.0]]]])
# max_pool2d: stride defaults to the kernel, windows past the edge need ceil_mode
print(F.max_pool2d(x, 2), F.max_pool2d(x, (2, 2)), torch.max_pool2d(x, 2).shape)
print(F.max_pool2d(x, 2, ceil_mode=True))
print(F.max_pool2d(x, 3, stride=2, padding=1))
print(F.max_pool2d(x, 2, stride=1, dilation=2))
values, indices = F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, return_indices=True)
print(values, indices, indices.dtype)
print(F.max_pool2d(x[0], 2))  # unbatched (C, H, W)

# avg_pool2d: divisors with and without the padding, divisor_override
print(F.avg_pool2d(x, 2))
print(F.avg_pool2d(x, 3, stride=2, padding=1))
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False))
print(F.avg_pool2d(x, 2, ceil_mode=True))
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False))
print(F.avg_pool2d(x, 2, divisor_override=3))

# gradients: each window's maximum gets the gradient; averages share it
xg = x.clone().requires_grad_()
m = F.max_pool2d(xg, 3, stride=1)
print(m.grad_fn)
m.sum().backward()
print(xg.grad)
xg.grad = None
a = F.avg_pool2d(xg, 3, stride=2, padding=1, ceil_mode=True)
print(a.grad_fn)
(a * a).sum().backward()
print(xg.grad)

# double backward: the backward of a pooling is itself differentiable
X = torch.linspace(-2, 3, 2 * 3 * 6 * 6, dtype=torch.float64).reshape(2, 3, 6, 6).requires_grad_()
g, = torch.autograd.grad(F.max_pool2d(X, 2).pow(2).sum(), X, create_graph=True)
print(g.grad_fn, g.sum())
h, = torch.autograd.grad(g.pow(2).sum(), X)
print(h.sum(), h.abs().max())
g, = torch.autograd.grad(F.avg_pool2d(X, 3, 2, 1).pow(2).sum(), X, create_graph=True)
print(g.grad_fn, g.sum())
h, = torch.autograd.grad(g.pow(2).sum(), X)
print(h.sum(), h.abs().max())

# errors, as torch words them
for call in (lambda: F.max_pool2d(x, 2, padding=2), lambda: F.avg_pool2d(x, 3, padding=2),
             lambda: F.max_pool2d(torch.ones(4, 4), 2), lambda: F.max_pool2d(torch.ones(1, 1, 2, 2), 3)):
    try:
        call()
    except RuntimeError as e:
        print("RuntimeError:", e)

# integer pooling (an integer average truncates), stride 0
n = torch.tensor([[[[1, -7, 2, 4], [3, 5, -1, 0], [9, 8, 7, 6], [-5, -4, 2, 2]]]])
print(F.max_pool2d(n, 2), F.max_pool2d(n.to(torch.int8), 2, stride=1, padding=1), F.avg_pool2d(n, 2), F.avg_pool2d(n, 3, 1, 1))
try:
    F.max_pool2d(x, 2, stride=0)
except RuntimeError as e:
    print("RuntimeError:", e)
