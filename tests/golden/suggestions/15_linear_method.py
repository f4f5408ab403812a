import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
l = nn.Linear(2, 3)
l.paramters()
