"""torch.nn: Module and Parameter, layers, containers, losses, init and the functional interface."""

from . import functional, init  # noqa: F401
from .containers import ModuleList, Sequential  # noqa: F401
from .conv import AvgPool2d, Conv1d, Conv2d, MaxPool2d  # noqa: F401
from .layers import Dropout, Flatten, Identity, LazyLinear, Linear, LogSoftmax, ReLU, Sigmoid, Softmax, Tanh  # noqa: F401
from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, L1Loss, MSELoss, NLLLoss,  # noqa: F401
                   SmoothL1Loss)
from .module import Module  # noqa: F401
from .parameter import Parameter  # noqa: F401
