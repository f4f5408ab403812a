"""torch.nn.functional: activations, losses, layer_norm and embedding, as the engine declares them
(gradcli/engine/ops, nn_functional, layer_norm, embedding). The modules deferred at start
(gradcli.engine.ops.DEFERRED) are imported at the first read of one of their names."""

from gradcli.engine.ops import deferred as _deferred
from gradcli.engine.rules import EXPORTS as _EXPORTS
from gradcli.lazy import listing as _listing, loaded_on_first_read as _loaded_on_first_read

globals().update(_EXPORTS["torch.nn.functional"])  # the ops of the families loaded: sigmoid, softmax, ...
__getattr__ = _loaded_on_first_read(__name__, names_of=_deferred("torch.nn.functional"))
__dir__ = _listing(globals(), _deferred("torch.nn.functional"))
