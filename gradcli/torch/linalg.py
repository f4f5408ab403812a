"""torch.linalg: solve and lstsq (and torch's error class for a singular matrix)."""

from gradcli.engine.ops.linalg import LinAlgError  # noqa: F401
from gradcli.engine.rules import EXPORTS as _EXPORTS

globals().update(_EXPORTS["torch.linalg"])  # every op declared for torch.linalg
