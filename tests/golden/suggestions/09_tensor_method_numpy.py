import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
x = torch.ones(2)
x.numpyy()
