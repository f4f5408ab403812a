# An MLP with BatchNorm1d trained for a few SGD steps, then evaluated: losses, running statistics and gradients
# bit for bit (tolist), the buffers' counter, train/eval switching
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(5, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 3))
print(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
x, y = torch.randn(32, 5), torch.randint(0, 3, (32,))
bn = model[1]
for step in range(4):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item(), bn.num_batches_tracked.item())
    print(bn.running_mean.tolist())
    print(bn.running_var.tolist())
    print(bn.weight.grad.tolist())
    print(bn.bias.grad.tolist())
print(model[0].weight.grad[:2].tolist())
model.eval()
out = model(x[:4])
print(out.tolist(), out.grad_fn)
print(bn(model[0](x[:3])).grad_fn.name(), bn.training, model.training)
out.sum().backward()
print(model[0].weight.grad[:2].tolist(), bn.weight.grad.tolist())
model.train()
print(bn.training, list(bn.state_dict().keys()), [name for name, _ in model.named_buffers()])
