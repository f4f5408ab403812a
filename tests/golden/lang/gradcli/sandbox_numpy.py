import numpy as np
np.array([1., 2.]) * 2
np.load
