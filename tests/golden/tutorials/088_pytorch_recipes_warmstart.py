# Source: PyTorch recipes, "Warmstarting model using parameters from a different model", https://github.com/pytorch/tutorials/blob/main/recipes_source/recipes/warmstarting_model_using_parameters_from_a_different_model.py
# Steps 2-4; edits: the models' convolutional layers replaced by linear ones of the same names (the recipe's
# point is load_state_dict(strict=False)); torch.save/torch.load replaced by passing the state_dict directly
# (no files); torch.manual_seed(0) added.
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(0)

class NetA(nn.Module):
    def __init__(self):
        super(NetA, self).__init__()
        self.fc1 = nn.Linear(16, 12)
        self.fc2 = nn.Linear(12, 8)
        self.fc3 = nn.Linear(8, 4)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)

netA = NetA()

class NetB(nn.Module):
    def __init__(self):
        super(NetB, self).__init__()
        self.fc1 = nn.Linear(16, 12)
        self.fc2 = nn.Linear(12, 8)
        self.fc3 = nn.Linear(8, 4)
        self.fc4 = nn.Linear(4, 2)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        x = torch.relu(self.fc3(x))
        return self.fc4(x)

netB = NetB()

print(netB.load_state_dict(netA.state_dict(), strict=False))
print(torch.equal(netA.fc1.weight, netB.fc1.weight), torch.equal(netA.fc3.bias, netB.fc3.bias))
try:
    netB.load_state_dict(netA.state_dict())
except RuntimeError as e:
    print(e)
