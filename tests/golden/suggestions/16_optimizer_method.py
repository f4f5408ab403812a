import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
opt = torch.optim.SGD(nn.Linear(2, 2).parameters(), lr=0.1)
opt.zero_gard()
