import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
def f(total):
    return totl + 1
f(2)
