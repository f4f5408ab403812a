"""torch.autograd: backward, grad, Variable, functional, gradcheck and gradgradcheck."""

from gradcli.engine.autograd import backward, grad
from gradcli.engine.factory import Variable
from gradcli.engine.functional import GradcheckError, gradcheck, gradgradcheck
from gradcli.engine.grad_mode import enable_grad, no_grad, set_grad_enabled
from . import forward_ad, functional  # noqa: F401
from .function import Function, FunctionCtx  # noqa: F401
