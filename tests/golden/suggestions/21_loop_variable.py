import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import math
lr = 0.1
for epoch in range(2):
    w = lr * epohc
