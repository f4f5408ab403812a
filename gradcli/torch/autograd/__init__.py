"""torch.autograd: backward, grad, Variable, functional, gradcheck and gradgradcheck. Function (function),
forward_ad, functional, graph and gradcheck (gradcli.engine.functional) are imported at the first read of one of
their names."""

from gradcli.engine.autograd import backward, grad
from gradcli.engine.factory import Variable
from gradcli.engine.grad_mode import enable_grad, no_grad, set_grad_enabled
from gradcli.torch.autograd.anomaly_mode import detect_anomaly, set_detect_anomaly
from gradcli.lazy import loaded_on_first_read as _loaded_on_first_read

_SUBMODULES = ("forward_ad", "function", "functional", "graph")
_NAMES_OF = {"function": ("Function", "FunctionCtx"),
             "gradcli.engine.functional": ("GradcheckError", "gradcheck", "gradgradcheck")}
__all__ = ["backward", "grad", "Variable", "enable_grad", "no_grad", "set_grad_enabled", "detect_anomaly",
           "set_detect_anomaly", *_SUBMODULES, *(name for names in _NAMES_OF.values() for name in names)]
__getattr__ = _loaded_on_first_read(__name__, _SUBMODULES, _NAMES_OF)
