"""torch.utils: the part scripts meet, the handle a hook registration returns."""

from . import hooks  # noqa: F401
