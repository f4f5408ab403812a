# nn.ModuleDict: sub-modules by name in insertion order (from a dict, an OrderedDict or pairs), indexing,
# assignment, deletion, keys/values/items, update, pop, its repr and its parameters' names and order
from collections import OrderedDict

import torch
import torch.nn as nn

torch.manual_seed(0)
layers = nn.ModuleDict({"proj": nn.Linear(3, 4), "act": nn.ReLU()})
layers["out"] = nn.Linear(4, 2)
print(layers)
print(len(layers), list(layers), list(layers.keys()), "act" in layers, "norm" in layers)
print([name for name, _ in layers.named_parameters()], list(layers.state_dict().keys()))
print([type(m).__name__ for m in layers.values()], [k for k, _ in layers.items()])
layers.update([("norm", nn.LayerNorm(2)), ("act", nn.Tanh())])
print(layers)
print(layers.pop("act"), list(layers))
del layers["norm"]
print(list(layers), len(list(layers.parameters())))
x = torch.randn(5, 3)
print(layers["out"](torch.relu(layers["proj"](x))).tolist())


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.heads = nn.ModuleDict(OrderedDict([("b", nn.Linear(4, 1)), ("a", nn.Linear(4, 2))]))

    def forward(self, x, head):
        return self.heads[head](torch.tanh(self.body(x)))


model = Heads()
print(model)
print([name for name, _ in model.named_parameters()])
y = model(torch.randn(2, 4), "a")
y.sum().backward()
print(y.tolist(), model.heads["a"].bias.grad.tolist(), model.heads["b"].weight.grad)
layers.clear()
print(layers, len(layers))
try:
    nn.ModuleDict().update(3)
except TypeError as error:
    print("TypeError:", error)
