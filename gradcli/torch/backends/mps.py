"""torch.backends.mps: Apple's Metal backend, which a CPU-only build neither has nor was built with."""


def is_available():
    return False


def is_built():
    return False
