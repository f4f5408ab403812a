import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
nn.Sequentail(nn.Linear(2,2))
