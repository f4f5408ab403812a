"""torch.utils.hooks: RemovableHandle, what register_hook and its kin return."""

from gradcli.engine.tensor import RemovableHandle  # noqa: F401
