import torch
import torch.nn.functional as F

# conv2d on small integer values (exact in any summation order): stride, padding, dilation, groups, bias
x = torch.arange(32.0).reshape(1, 2, 4, 4)
w = torch.tensor([[[[1.0, 0.0], [0.0, -1.0]], [[2.0, 1.0], [0.0, 0.0]]],
                  [[[0.5, 0.5], [0.5, 0.5]], [[-1.0, 0.0], [1.0, 0.0]]]])
b = torch.tensor([1.0, -2.0])
print(F.conv2d(x, w))
print(F.conv2d(x, w, b, stride=2))
print(F.conv2d(x, w, b, padding=1))
print(F.conv2d(x, w, padding=(0, 1), stride=(1, 2)))
print(F.conv2d(x, w, dilation=2))
print(F.conv2d(x, w[:, :1], groups=2))
print(F.conv2d(x, w, padding="valid").shape, torch.conv2d(x, w, b).shape)
k3 = torch.ones(3, 2, 3, 3)
print(F.conv2d(x, k3, padding="same"))
print(F.conv2d(x, torch.ones(1, 2, 3, 3), padding="same", dilation=2).shape)
print(F.conv2d(x[0], w).shape)  # unbatched (C, H, W)

# gradients: one ConvolutionBackward0 node with the input, weight and bias as its edges
xg = x.clone().requires_grad_()
wg = w.clone().requires_grad_()
bg = b.clone().requires_grad_()
y = F.conv2d(xg, wg, bg, stride=1, padding=1)
print(y.grad_fn, [type(f).__name__ for f, _ in y.grad_fn.next_functions])
(y * y).sum().backward()
print(xg.grad)
print(wg.grad)
print(bg.grad)
print(F.conv2d(xg[0], wg).grad_fn)

# double backward in float64: the gradients come from ConvolutionBackwardBackward0
X = torch.linspace(-1, 1, 2 * 4 * 5 * 5, dtype=torch.float64).reshape(2, 4, 5, 5).requires_grad_()
W = torch.linspace(-0.5, 0.7, 6 * 2 * 3 * 3, dtype=torch.float64).reshape(6, 2, 3, 3).requires_grad_()
B = torch.tensor([0.1, -0.2, 0.3, 0.0, 0.5, -0.4], dtype=torch.float64, requires_grad=True)
out = F.conv2d(X, W, B, stride=2, padding=1, groups=2)
print(out.shape, out.sum(), out.pow(2).mean())
gx, gw, gb = torch.autograd.grad(out.pow(2).sum(), (X, W, B), create_graph=True)
print(gx.grad_fn, gw.grad_fn, gb.grad_fn)
print(gx.sum(), gw.sum(), gb)
hx, hw = torch.autograd.grad(gx.pow(2).sum() + gw.pow(2).sum(), (X, W))
print(hx.sum(), hx.abs().sum(), hw.sum(), hw.abs().sum())

# conv1d
s = torch.arange(12.0).reshape(1, 2, 6)
k = torch.tensor([[[1.0, 0.0, -1.0], [1.0, 1.0, 1.0]]])
print(F.conv1d(s, k), F.conv1d(s, k, torch.tensor([0.5]), stride=2, padding=1), torch.conv1d(s[0], k).shape)

# errors, as torch words them
for call in (lambda: F.conv2d(torch.ones(1, 3, 8, 8), torch.ones(6, 2, 3, 3)),
             lambda: F.conv2d(torch.ones(8, 8), torch.ones(6, 1, 3, 3)),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 5, 5)),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 3, 3), stride=2, padding="same"),
             lambda: F.conv2d(torch.ones(1, 4, 4, 4), torch.ones(3, 2, 3, 3), groups=2),
             lambda: F.conv2d(torch.ones(1, 2, 4, 4), torch.ones(3, 2, 3, 3), torch.ones(2)),
             lambda: F.conv1d(torch.ones(1, 2, 3, 4), torch.ones(1, 2, 3))):
    try:
        call()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

# integer convolutions, and mismatched dtypes and strides
print(F.conv2d(torch.arange(16).reshape(1, 1, 4, 4), torch.ones(1, 1, 3, 3, dtype=torch.long)))
print(F.conv2d(torch.ones(1, 1, 4, 4, dtype=torch.half), torch.ones(1, 1, 3, 3, dtype=torch.half)))
for call in (lambda: F.conv2d(torch.ones(1, 1, 4, 4, dtype=torch.double), torch.ones(1, 1, 3, 3)),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 3, 3), torch.ones(1, dtype=torch.double)),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 3, 3)),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 3, 3), padding="foo"),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 3, 3), stride=0),
             lambda: F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 3, 3), groups=0)):
    try:
        call()
    except RuntimeError as e:
        print("RuntimeError:", e)
