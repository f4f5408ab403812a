"""torch.optim: optimizers and learning-rate schedulers."""

from . import lr_scheduler  # noqa: F401
from .algorithms import SGD, Adadelta, Adagrad, Adam, Adamax, AdamW, NAdam, RAdam, RMSprop  # noqa: F401
from .optimizer import Optimizer  # noqa: F401
