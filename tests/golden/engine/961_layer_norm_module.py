# nn.LayerNorm in float32 and float64: repr, parameters, state_dict, forward and the three gradients, with
# normalized_shape an int or a tuple, elementwise_affine=False and bias=False
import torch
import torch.nn as nn

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    ln = nn.LayerNorm(6, dtype=dtype)
    print(ln, [name for name, _ in ln.named_parameters()], list(ln.state_dict().keys()))
    with torch.no_grad():
        ln.weight.copy_(torch.randn(6, dtype=dtype))
        ln.bias.copy_(torch.randn(6, dtype=dtype))
    x = (torch.randn(2, 3, 6, dtype=dtype) * 3 + 2).requires_grad_()
    out = ln(x)
    print(out.grad_fn.name(), out[1, 2].tolist())
    out.backward(torch.randn(2, 3, 6, dtype=dtype))
    print(x.grad[0, 1].tolist())
    print(ln.weight.grad.tolist(), ln.bias.grad.tolist())
    ln2 = nn.LayerNorm((3, 6), eps=1e-3, elementwise_affine=False, dtype=dtype)
    print(ln2, list(ln2.parameters()), ln2.weight, ln2.bias)
    print(ln2(x)[0].tolist())
    ln3 = nn.LayerNorm([6], bias=False, dtype=dtype)
    print(ln3, [name for name, _ in ln3.named_parameters()], ln3.bias)
    print(ln3(x)[1, 0].tolist())
print(nn.LayerNorm((2, 3)).weight)
model = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.ReLU(), nn.Linear(8, 2))
print(model)
print(list(model.state_dict().keys()))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data, target = torch.randn(16, 4), torch.randn(16, 2)
for step in range(5):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(data), target)
    loss.backward()
    opt.step()
    print(step, loss.item())
print(model[1].weight.tolist(), model[1].bias.tolist())
