"""torch.backends.cudnn: no cuDNN in a CPU-only build; the switches tutorials set for reproducibility are
accepted and change nothing."""

__all__ = ("enabled", "deterministic", "benchmark", "allow_tf32", "is_available", "version")
SCRIPT_SETTABLE = ("enabled", "deterministic", "benchmark", "allow_tf32")  # `cudnn.benchmark = True` is allowed
enabled = True
deterministic = False
benchmark = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None
