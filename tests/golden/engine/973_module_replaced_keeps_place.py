# A layer or parameter replaced by assignment keeps its place among the module's children and parameters (the
# repr, parameters() order, state_dict keys), as in torch; a name moving from one registry to another leaves the
# first (a buffer name assigned a Parameter)
import torch
import torch.nn as nn

torch.manual_seed(4)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)
        self.scale = nn.Parameter(torch.ones(2))
        self.shift = nn.Parameter(torch.zeros(2))
        self.register_buffer("count", torch.zeros(1))


net = Net()
net.fc1 = nn.Linear(3, 4, bias=False)
net.act = nn.Tanh()
net.scale = nn.Parameter(torch.full((2,), 2.0))
print(net)
print([name for name, _ in net.named_parameters()], list(net.state_dict().keys()))
net.add_module("fc2", nn.Linear(4, 2))
net.register_parameter("scale", nn.Parameter(torch.ones(2)))
net.register_buffer("count", torch.ones(1))
print([name for name, _ in net.named_parameters()], list(net.state_dict().keys()))
net.count = nn.Parameter(torch.ones(1))
print([name for name, _ in net.named_parameters()], [name for name, _ in net.named_buffers()])
print(net.fc2(net.act(net.fc1(torch.randn(2, 3)))).tolist())
