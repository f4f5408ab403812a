# nn.Module forward hooks and pre-hooks: capturing activations, replacing inputs and outputs, removal,
# order (prepend) and with_kwargs
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
acts = {}
def save(name):
    def hook(module, args, output):
        acts[name] = output.detach()
    return hook
handles = [net[i].register_forward_hook(save(f"layer{i}")) for i in range(3)]
out = net(torch.ones(4, 2))
print(sorted(acts), acts["layer1"].shape, (acts["layer2"] == out.detach()).all().item())
for h in handles:
    h.remove()
acts.clear()
net(torch.ones(1, 2))
print(acts)
def double_input(module, args):
    return args[0] * 2
def add_one(module, args, output):
    return output + 1
lin = net[0]
h1 = lin.register_forward_pre_hook(double_input)
h2 = lin.register_forward_hook(add_one)
print(lin(torch.ones(1, 2)))
h1.remove(); h2.remove()
print(lin(torch.ones(1, 2)))
order = []
lin.register_forward_hook(lambda m, a, o: order.append("first"))
lin.register_forward_hook(lambda m, a, o: order.append("second"), prepend=True)
lin.register_forward_pre_hook(lambda m, a, k: order.append(("pre", sorted(k))), with_kwargs=True)
lin(torch.ones(1, 2))
print(order)
