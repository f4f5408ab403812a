"""torch.nn: only the functional interface (gradcli has no modules or parameters)."""

from . import functional  # noqa: F401
