"""torch.accelerator on a machine without one, as a CPU-only torch build answers (tutorials pick their device
with `torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"`)."""

NO_ACCELERATOR = "Cannot access accelerator device when none is available."


def is_available():
    return False


def current_accelerator(check_available=False):
    return None


def device_count():
    return 0


def current_device_index():
    raise RuntimeError(NO_ACCELERATOR)


def synchronize(device=None):
    raise RuntimeError(NO_ACCELERATOR)
