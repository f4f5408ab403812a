"""torch.nn.functional: activations and losses."""

from gradcli.engine import nn_functional as _losses  # noqa: F401  (declares the losses)
from gradcli.engine.rules import EXPORTS as _EXPORTS

globals().update(_EXPORTS["torch.nn.functional"])  # every op declared for torch.nn.functional
