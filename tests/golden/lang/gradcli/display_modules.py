torch
F
import math
math
import numpy as np
np
print
