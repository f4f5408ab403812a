import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
y = torch.ones(2)
y.grad.zero_()
