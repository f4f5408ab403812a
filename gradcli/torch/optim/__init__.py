"""torch.optim: optimizers and learning-rate schedulers."""

from . import lr_scheduler  # noqa: F401
from .algorithms import SGD, Adagrad, Adam, AdamW, RMSprop  # noqa: F401
from .optimizer import Optimizer  # noqa: F401
