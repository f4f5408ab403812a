"""torch.autograd's anomaly mode: with it on, backward stops at the first node whose gradient holds a NaN,
naming it (gradcli/engine/autograd.py, _check_nan), as torch's engine does. torch also warns with the
traceback of the forward call that made that node; gradcli does not (the error's traceback shows the backward
call's line)."""

import warnings

from gradcli.engine.grad_mode import anomaly, set_anomaly_enabled


class detect_anomaly:
    """A context in which anomaly mode is on (torch warns that it slows every backward)."""

    def __init__(self, check_nan=True):
        self.check_nan = check_nan
        self.prev = anomaly.enabled, anomaly.check_nan
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
                      "enabled for debugging.", stacklevel=2)

    def __enter__(self):
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *exc):
        set_anomaly_enabled(*self.prev)
        return False

    def __repr__(self):
        return f"<torch.autograd.anomaly_mode.detect_anomaly object at {id(self):#x}>"


class set_detect_anomaly:
    """Anomaly mode on or off from now on; as a context, until its end."""

    def __init__(self, mode, check_nan=True):
        self.prev = anomaly.enabled, anomaly.check_nan
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        set_anomaly_enabled(*self.prev)
        return False

    def __repr__(self):
        return f"<torch.autograd.anomaly_mode.set_detect_anomaly object at {id(self):#x}>"
