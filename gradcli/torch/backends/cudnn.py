"""torch.backends.cudnn: no cuDNN in a CPU-only build; the switches tutorials set for reproducibility are
accepted and change nothing."""

enabled = True
deterministic = False
benchmark = False


def is_available():
    return False


def version():
    return None
