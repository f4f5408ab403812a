# BatchNorm2d on a small 4-D batch in float32 and float64: output, running statistics, the three gradients,
# then eval mode (running statistics) and its gradients
import torch
import torch.nn as nn

torch.manual_seed(1)
for dtype in (torch.float32, torch.float64):
    bn = nn.BatchNorm2d(3, momentum=0.3, dtype=dtype)
    with torch.no_grad():
        bn.weight.copy_(torch.randn(3, dtype=dtype))
        bn.bias.copy_(torch.randn(3, dtype=dtype))
    x = (torch.randn(4, 3, 5, 6, dtype=dtype) * 2 + 1).requires_grad_()
    g = torch.randn(4, 3, 5, 6, dtype=dtype)
    for _ in range(2):
        out = bn(x)
    out.backward(g)
    print(out[1, 2].tolist())
    print(bn.running_mean.tolist(), bn.running_var.tolist())
    print(x.grad[2, 1].tolist())
    print(bn.weight.grad.tolist(), bn.bias.grad.tolist())
    bn.eval()
    x.grad = None
    out = bn(x)
    out.backward(g)
    print(out[0, 0].tolist(), out.grad_fn)
    print(x.grad[3, 0].tolist(), bn.weight.grad.tolist())
    print(bn)
