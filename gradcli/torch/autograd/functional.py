"""torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp, vhp."""

from gradcli.engine.functional import hessian, hvp, jacobian, jvp, vhp, vjp  # noqa: F401
