"""torch.backends on a CPU-only build: the set-up lines tutorials copy (`torch.backends.mps.is_available()`)
get the answers a CPU-only torch gives."""

from . import cuda, cudnn, mps  # noqa: F401
