# nn.ParameterList and nn.ParameterDict: tensors given become Parameters, registered as '0', '1', ... or by
# name; indexing, append/extend, update (a plain dict's keys sorted, as torch does), their reprs, parameters()
# order, named_parameters, state_dict keys, and training through them
from collections import OrderedDict

import torch
import torch.nn as nn

torch.manual_seed(0)
plist = nn.ParameterList([nn.Parameter(torch.randn(2, 3)), torch.randn(4)])
print(plist)
plist.append(torch.zeros(1, dtype=torch.float64))
plist.extend([nn.Parameter(torch.ones(2, 2))])
print(plist, len(plist))
print(isinstance(plist[1], nn.Parameter), plist[-1].tolist(), [p.shape for p in plist])
print([name for name, _ in plist.named_parameters()], list(plist.state_dict().keys()))
print(nn.ParameterList([torch.ones(3)]))
print(nn.ParameterList())
print(type(plist[1:3]).__name__, len(plist[1:3]))
pdict = nn.ParameterDict({"zeta": nn.Parameter(torch.ones(2)), "alpha": torch.zeros(3)})
print(pdict)
print(list(pdict), list(pdict.keys()), "alpha" in pdict)
pdict["beta"] = torch.randn(2, 2)
pdict.update(OrderedDict([("omega", torch.ones(1)), ("delta", torch.zeros(2))]))
print([name for name, _ in pdict.named_parameters()], list(pdict.state_dict().keys()))
print(pdict.pop("omega").tolist(), len(pdict), pdict.get("missing"), pdict.get("beta").shape)
print(pdict)


class Mixture(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = nn.ParameterList([nn.Parameter(torch.tensor(float(i + 1))) for i in range(3)])
        self.offsets = nn.ParameterDict({"b": nn.Parameter(torch.zeros(2)), "a": nn.Parameter(torch.ones(2))})

    def forward(self, x):
        total = self.offsets["a"] + self.offsets["b"]
        for scale in self.scales:
            total = total + scale * x
        return total


model = Mixture()
print(model)
print([name for name, _ in model.named_parameters()])
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x, target = torch.tensor([0.5, -1.0]), torch.tensor([1.0, 2.0])
for _ in range(3):
    opt.zero_grad()
    loss = ((model(x) - target) ** 2).sum()
    loss.backward()
    opt.step()
    print(loss.item(), [p.tolist() for p in model.parameters()])
try:
    pdict[1] = torch.ones(1)
except TypeError as error:
    print("TypeError:", error)
try:
    plist[7]
except IndexError as error:
    print("IndexError:", error)
