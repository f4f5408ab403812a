import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
    def forward(self, x):
        return self.fcc(x)
Net()(torch.ones(2))
