# type(x) (d2l.ai compares type(module) == nn.Linear; the basics tutorial prints type(t.item())) and
# setattr/delattr (the forward-AD tutorial swaps a module's parameters with them)
from torch import nn
import numpy as np

x = torch.ones(2)
p = nn.Parameter(torch.ones(1))
class Point:
    pass
print(type(x), type(p), type(1), type(1.5), type(True), type(None), type("s"), type([1]), type((1,)), type({}))
print(type(x.numpy()), type(Point()), type(x.sum().item()), type(ValueError("e")))
type(nn.Linear(1, 1)) == nn.Linear, type(x) is torch.Tensor, type(p) == nn.Parameter, type(p) == torch.Tensor

point = Point()
point.x = 1
delattr(point, "x")
try:
    point.x
except AttributeError as e:
    print("AttributeError:", e)
model = nn.Linear(2, 1)
delattr(model, "weight")
[name for name, _ in model.named_parameters()]
setattr(model, "weight", nn.Parameter(torch.zeros(1, 2)))
setattr(point, "y", 2)
model, point.y
try:
    delattr(point, 1)
except TypeError as e:
    print("TypeError:", e)
delattr(model, "bias")
delattr(model, "bias")
