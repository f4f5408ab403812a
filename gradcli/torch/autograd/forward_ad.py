"""torch.autograd.forward_ad: dual tensors and forward-mode AD (gradcli/engine/forward.py)."""

from gradcli.engine.forward import (  # noqa: F401
    UnpackedDualTensor, dual_level, enter_dual_level, exit_dual_level, make_dual, unpack_dual,
)
