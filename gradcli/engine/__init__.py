"""The autograd engine: NumPy only. Tensor, dtypes, grad modes, the op table, backward and the functional API."""

import numpy as np

# torch computes inf and nan silently (log(0), 1/0); NumPy would warn on every such element.
np.seterr(all="ignore")

from .tensor import Tensor, Size  # noqa: E402
from . import methods  # noqa: E402,F401  (attaches Tensor's operators and methods)
