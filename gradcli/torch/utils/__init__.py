"""torch.utils: the data loading utilities tutorials use (torch.utils.data)."""

from . import data  # noqa: F401
