"""torch.utils: the parts scripts meet, the handle a hook registration returns and the data loading utilities
tutorials use (torch.utils.data)."""

from . import data, hooks  # noqa: F401
