"""torch.cuda on a machine without CUDA, as a CPU-only torch build answers."""

from gradcli.engine.tensor import NO_CUDA


def is_available():
    return False


def device_count():
    return 0


def current_device():
    raise AssertionError(NO_CUDA)


def manual_seed(seed):
    """Seeding CUDA without CUDA is silently ignored, as in torch."""


manual_seed_all = manual_seed
