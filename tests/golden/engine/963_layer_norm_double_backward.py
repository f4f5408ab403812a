# Second derivatives through layer norm (create_graph=True): NativeLayerNormBackwardBackward0 for the input's,
# weight's and bias's gradients, and the gradients of their sums in the input, weight and grad_output, bit for bit
import torch
import torch.nn.functional as F

torch.manual_seed(5)
for dtype in (torch.float32, torch.float64):
    x = (torch.randn(3, 2, 9, dtype=dtype) * 2 + 1).requires_grad_()
    w = torch.randn(2, 9, dtype=dtype, requires_grad=True)
    b = torch.randn(2, 9, dtype=dtype, requires_grad=True)
    g = torch.randn(3, 2, 9, dtype=dtype, requires_grad=True)
    y = F.layer_norm(x, (2, 9), w, b)
    gx, gw, gb = torch.autograd.grad(y, (x, w, b), g, create_graph=True)
    print(y.grad_fn.name(), gx.grad_fn.name(), gw.grad_fn.name(), gb.grad_fn.name())
    print(gx[1, 0].tolist(), gw[1].tolist())
    hx, hw, hg = torch.autograd.grad((gx * gx.detach().sin()).sum(), (x, w, g), retain_graph=True)
    print(hx[2, 1].tolist(), hw[0].tolist(), hg[0, 0].tolist())
    hx, hg = torch.autograd.grad((gw * gw).sum(), (x, g), retain_graph=True)
    print(hx[0, 1].tolist(), hg[2, 0].tolist())
    hg, = torch.autograd.grad((gb * torch.arange(18, dtype=dtype).reshape(2, 9)).sum(), g)
    print(hg[1, 1].tolist())
    z = torch.randn(4, 6, dtype=dtype, requires_grad=True)
    out = F.layer_norm(z, [6], eps=1e-3)
    gz, = torch.autograd.grad((out * out.detach().cos()).sum(), z, create_graph=True)
    hz, = torch.autograd.grad((gz * gz).sum(), z)
    print(gz[3].tolist(), hz[1].tolist())
