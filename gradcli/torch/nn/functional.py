"""torch.nn.functional: activations and losses; layer_norm and embedding, whose engine modules are imported
at their first call (the calculator reads every name here at start)."""

from gradcli.engine import nn_functional as _losses  # noqa: F401  (declares the losses)
from gradcli.engine.rules import EXPORTS as _EXPORTS
from gradcli.lazy import imported_at_first_call as _imported_at_first_call

globals().update(_EXPORTS["torch.nn.functional"])  # every op declared for torch.nn.functional
layer_norm = _imported_at_first_call("gradcli.engine.layer_norm", "layer_norm")
embedding = _imported_at_first_call("gradcli.engine.embedding", "embedding")
