# prelu: one weight or one per channel (dim 1), the weight's gradient summed over the other dims, second order
# (PreluKernelBackwardBackward0), torch.prelu and Tensor.prelu, nn.PReLU, torch's errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for shape, count in (((19,), 1), ((6, 3), 3), ((6, 3), 1), ((2, 4, 5, 7), 4), ((), 1)):
        x = (torch.randn(shape, dtype=dtype) * 3).requires_grad_()
        weight = (torch.randn(count, dtype=dtype) * 0.5).requires_grad_()
        v = torch.randn(shape, dtype=dtype)
        y = F.prelu(x, weight)
        print(dtype, shape, count, y.grad_fn.name(), [f.name() for f, _ in y.grad_fn.next_functions if f])
        print(" ", y.flatten().tolist()[:8])
        gx, gw = torch.autograd.grad((y * v).sum(), (x, weight), create_graph=True)
        print(" grads", gx.grad_fn.name(), gx.flatten().tolist()[:8], gw.tolist())
        hx, hw = torch.autograd.grad((gx * gx).sum() + (gw * gw).sum() + (gx * x).sum(), (x, weight))
        print(" second", hx.flatten().tolist()[:8], hw.tolist())
x = torch.tensor([-2.0, 0.0, 3.0])
print(torch.prelu(x, torch.tensor([0.1])), x.prelu(torch.tensor([0.2])), F.prelu(x, torch.tensor(0.3)))
m = nn.PReLU(3, init=0.1)
print(m, nn.PReLU(), m.weight, [name for name, _ in m.named_parameters()])
net = nn.Sequential(nn.Linear(3, 4), nn.PReLU(), nn.Linear(4, 1))
out = net(torch.randn(5, 3))
out.sum().backward()
print(net, out.squeeze().tolist(), net[1].weight.grad.tolist())
for args in ((torch.ones(2, 3), torch.ones(2)), (torch.ones(2, 3), torch.ones(3, dtype=torch.float64)),
             (torch.ones(2, 3), torch.ones(1, 3)), (torch.tensor(1.0), torch.ones(2))):
    try:
        F.prelu(*args)
    except RuntimeError as error:
        print("RuntimeError", error)
