# torch.nn.LazyLinear (d2l.ai's builders' guide): nothing is drawn until the first call, which sizes
# in_features from the input, initialises as Linear does from the random stream, and turns it into a Linear
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.LazyLinear(3)
print(layer, layer.in_features)
x = torch.rand(2, 4)  # the same numbers as without the lazy layer: construction draws nothing
print(layer(x))
print(layer, layer.in_features, layer.weight.shape, layer.bias.shape)
print(layer.weight)
print(isinstance(layer, nn.Linear), isinstance(layer, nn.LazyLinear))

no_bias = nn.LazyLinear(2, bias=False)
print(no_bias, no_bias.bias)
print(no_bias(torch.ones(3, 5)).shape, no_bias)
print([name for name, _ in no_bias.named_parameters()])

net = nn.Sequential(nn.LazyLinear(4), nn.ReLU(), nn.LazyLinear(1))
print(net)
print(net(torch.rand(2, 6)))
print(net)
print(net(torch.rand(3, 6)).shape)
