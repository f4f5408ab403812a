"""torch.optim: optimizers and learning-rate schedulers."""

from . import lr_scheduler  # noqa: F401
from .algorithms import ASGD, SGD, Adadelta, Adagrad, Adam, Adamax, AdamW, NAdam, RAdam, RMSprop, Rprop  # noqa: F401
from .lbfgs import LBFGS  # noqa: F401
from .optimizer import Optimizer  # noqa: F401
