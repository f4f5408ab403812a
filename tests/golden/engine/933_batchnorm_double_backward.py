# Second derivatives through batch norm (create_graph=True): NativeBatchNormBackwardBackward0, in training and
# in eval, on (N, C) and 4-D inputs, bit for bit
import torch
import torch.nn.functional as F

torch.manual_seed(3)
x = torch.randn(8, 3, requires_grad=True)
w = torch.randn(3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
rm, rv = torch.randn(3), torch.rand(3) + 0.5
for training in (True, False):
    y = F.batch_norm(x, rm, rv, w, b, training=training, momentum=0.2)
    gx, gw, gb = torch.autograd.grad((y * y.detach().cos()).sum(), (x, w, b), create_graph=True)
    print(y.grad_fn.name(), gx.grad_fn.name(), gw.grad_fn.name(), gb.grad_fn.name())
    hx, hw = torch.autograd.grad((gx * gx).sum() + (gw * gb).sum(), (x, w))
    print(gx.tolist(), gw.tolist(), gb.tolist())
    print(hx.tolist(), hw.tolist())
    print(rm.tolist(), rv.tolist())
z = (torch.randn(2, 3, 2, 2) * 2 + 1).requires_grad_()
out = F.batch_norm(z, None, None, w, None, training=True)
gz, gw = torch.autograd.grad((out * out.detach().cos()).sum(), (z, w), create_graph=True)
print(gz.tolist(), gw.tolist())
hz, hw = torch.autograd.grad((gz * gz).sum() + gw.sum(), (z, w))
print(hz.tolist(), hw.tolist())
