# BatchNorm1d variants: momentum=None (cumulative average over num_batches_tracked), affine=False, bias=False,
# track_running_stats=False (batch statistics in eval too), 3-D (N, C, L) input; reprs, parameters, state_dict
import torch
import torch.nn as nn

torch.manual_seed(2)
cumulative = nn.BatchNorm1d(4, momentum=None)
plain = nn.BatchNorm1d(4, affine=False)
no_bias = nn.BatchNorm1d(4, bias=False)
untracked = nn.BatchNorm1d(4, track_running_stats=False)
for module in (cumulative, plain, no_bias, untracked):
    print(module, [name for name, _ in module.named_parameters()], list(module.state_dict().keys()))
for step in range(3):
    batch = torch.randn(6, 4, 5) * (step + 1)
    for module in (cumulative, plain, no_bias, untracked):
        out = module(batch)
    print(cumulative.running_mean.tolist(), cumulative.running_var.tolist(), cumulative.num_batches_tracked.item())
    print(plain.running_mean.tolist(), plain.running_var.tolist())
    print(out[0, 0].tolist())
untracked.eval()
print(untracked(batch)[1, 1].tolist(), untracked.running_mean)
x = torch.randn(5, 4, requires_grad=True)
y = plain(x)
y.pow(3).sum().backward()
print(y.tolist(), x.grad.tolist(), y.grad_fn.next_functions)
