"""SGD, Adam, AdamW, NAdam, RAdam, Adamax, RMSprop, Adagrad, Adadelta, Rprop and ASGD: torch's single-tensor
update (the path torch takes on the CPU), operation by operation in torch's order, so that float32 parameters
follow torch's to the bit."""

from gradcli.engine.factory import full_like, tensor, zeros_like
from gradcli.engine import dtypes

from . import kernels
from .optimizer import Optimizer, check_range


def _with_weight_decay(grad, param, weight_decay, maximize):
    grad = -grad if maximize else grad
    if weight_decay != 0:
        grad = grad.clone()
        kernels.add_(grad, param, weight_decay)
    return grad


def _decayed(grad, param, group):
    """The gradient after weight decay: decoupled (AdamW's: the parameter shrinks by lr * weight_decay first) or
    added to the gradient."""
    if group["decoupled_weight_decay"]:
        param.mul_(1 - group["lr"] * group["weight_decay"])
        return -grad if group["maximize"] else grad
    return _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])


def _check_betas(betas):
    for i, beta in enumerate(betas):
        if not 0.0 <= beta < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {beta}")


def _step_count(state, param, *buffers, **scalars):
    """Count a step in the parameter's state, which its first step makes in torch's key order: 'step' (a float32
    tensor, as torch keeps it), float32 scalars, a zero tensor per buffer. Returns the count as a Python number,
    as the update reads it."""
    if not state:
        state["step"] = tensor(0.0, dtype=dtypes.float32)
        for name, value in scalars.items():
            state[name] = tensor(value, dtype=dtypes.float32)
        for name in buffers:
            state[name] = zeros_like(param)
    state["step"] += 1
    return state["step"].item()


def _moments(state, grad, beta1, beta2):
    """Adam's running averages of the gradient and of its square (NAdam's and RAdam's too), updated in place."""
    exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
    kernels.lerp_(exp_avg, grad, 1 - beta1)
    exp_avg_sq.mul_(beta2)
    kernels.addcmul_(exp_avg_sq, grad, grad, 1 - beta2)
    return exp_avg, exp_avg_sq


def _if(condition, name):
    return [name] if condition else []


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
                 foreach=None, differentiable=False, fused=None):
        check_range("learning rate", lr)
        check_range("momentum value", momentum)
        check_range("weight_decay value", weight_decay)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                                      nesterov=nesterov, maximize=maximize, foreach=foreach,
                                      differentiable=differentiable, fused=fused))

    def _keeps_state(self, group):
        return group["momentum"] != 0  # torch's SGD keeps a state only for a momentum buffer

    def _update(self, param, grad, state, group):
        d_p = _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])
        momentum = group["momentum"]
        if momentum != 0:
            buf = state.get("momentum_buffer")
            if buf is None:
                buf = state["momentum_buffer"] = d_p.clone().detach()
            else:
                buf.mul_(momentum)
                kernels.add_(buf, d_p, 1 - group["dampening"])
            if group["nesterov"]:
                d_p = d_p.clone()
                kernels.add_(d_p, buf, momentum)
            else:
                d_p = buf
        kernels.add_(param, d_p, -group["lr"])


class Adam(Optimizer):
    decoupled = False

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=None):
        check_range("learning rate", lr)
        check_range("epsilon value", eps)
        _check_betas(betas)
        check_range("weight_decay value", weight_decay)
        decoupled = self.decoupled if decoupled_weight_decay is None else decoupled_weight_decay
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable, fused=fused, decoupled_weight_decay=decoupled))

    def _update(self, param, grad, state, group):
        step = _step_count(state, param, "exp_avg", "exp_avg_sq", *_if(group["amsgrad"], "max_exp_avg_sq"))
        lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
        grad = _decayed(grad, param, group)
        exp_avg, exp_avg_sq = _moments(state, grad, beta1, beta2)
        bias_correction1 = 1 - beta1**step
        bias_correction2 = 1 - beta2**step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2**0.5
        if group["amsgrad"]:
            state["max_exp_avg_sq"].copy_(state["max_exp_avg_sq"].maximum(exp_avg_sq))
            exp_avg_sq = state["max_exp_avg_sq"]
        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
        kernels.addcdiv_(param, exp_avg, denom, -step_size)


class AdamW(Adam):
    decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused)


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False, differentiable=False):
        check_range("learning rate", lr)
        check_range("epsilon value", eps)
        _check_betas(betas)
        check_range("weight_decay value", weight_decay)
        check_range("momentum_decay value", momentum_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      momentum_decay=momentum_decay, decoupled_weight_decay=decoupled_weight_decay,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable))

    def _update(self, param, grad, state, group):
        step = _step_count(state, param, "exp_avg", "exp_avg_sq", mu_product=1.0)
        lr, (beta1, beta2), momentum_decay = group["lr"], group["betas"], group["momentum_decay"]
        bias_correction2 = 1 - beta2**step
        grad = _decayed(grad, param, group)
        mu = beta1 * (1.0 - 0.5 * 0.96 ** (step * momentum_decay))
        mu_next = beta1 * (1.0 - 0.5 * 0.96 ** ((step + 1) * momentum_decay))
        mu_product = state["mu_product"].mul_(mu).item()  # a float32 product, as torch keeps it
        exp_avg, exp_avg_sq = _moments(state, grad, beta1, beta2)
        denom = (exp_avg_sq / bias_correction2).sqrt().add_(group["eps"])
        kernels.addcdiv_(param, grad, denom, -lr * (1.0 - mu) / (1.0 - mu_product))
        kernels.addcdiv_(param, exp_avg, denom, -lr * mu_next / (1.0 - mu_product * mu_next))


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, decoupled_weight_decay=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False):
        check_range("learning rate", lr)
        check_range("epsilon value", eps)
        _check_betas(betas)
        check_range("weight_decay value", weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      foreach=foreach, capturable=capturable,
                                      decoupled_weight_decay=decoupled_weight_decay, differentiable=differentiable))

    def _update(self, param, grad, state, group):
        step = _step_count(state, param, "exp_avg", "exp_avg_sq")
        lr, (beta1, beta2) = group["lr"], group["betas"]
        grad = _decayed(grad, param, group)
        exp_avg, exp_avg_sq = _moments(state, grad, beta1, beta2)
        bias_correction1 = 1 - beta1**step
        bias_correction2 = 1 - beta2**step
        update = exp_avg / bias_correction1 * lr
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * beta2**step / bias_correction2
        if rho_t > 5.0:  # the variance is tractable: the adaptive step, rectified
            rect = ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            adaptive_lr = bias_correction2**0.5 / exp_avg_sq.sqrt().add_(group["eps"])
            update = update * adaptive_lr * rect
        kernels.add_(param, update, -1.0)


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *, maximize=False,
                 differentiable=False, capturable=False):
        check_range("learning rate", lr)
        check_range("epsilon value", eps)
        _check_betas(betas)
        check_range("weight_decay value", weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable, capturable=capturable))

    def _update(self, param, grad, state, group):
        step = _step_count(state, param, "exp_avg", "exp_inf")
        beta1, beta2 = group["betas"]
        grad = _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])
        exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
        kernels.lerp_(exp_avg, grad, 1 - beta1)
        exp_inf.copy_(exp_inf.mul_(beta2).maximum(grad.abs().add_(group["eps"])))
        kernels.addcdiv_(param, exp_avg, exp_inf, -(group["lr"] / (1 - beta1**step)))


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        check_range("learning rate", lr)
        check_range("epsilon value", eps)
        check_range("momentum value", momentum)
        check_range("weight_decay value", weight_decay)
        check_range("alpha value", alpha)
        super().__init__(params, dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                                      weight_decay=weight_decay, capturable=capturable, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable))

    def _update(self, param, grad, state, group):
        _step_count(state, param, "square_avg", *_if(group["momentum"] > 0, "momentum_buffer"),
                    *_if(group["centered"], "grad_avg"))
        grad = _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])
        alpha, square_avg = group["alpha"], state["square_avg"]
        square_avg.mul_(alpha)
        kernels.addcmul_(square_avg, grad, grad, 1 - alpha)
        if group["centered"]:
            kernels.lerp_(state["grad_avg"], grad, 1 - alpha)
            avg = square_avg.clone()
            kernels.addcmul_(avg, state["grad_avg"], state["grad_avg"], -1)
            avg = avg.sqrt()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(group["eps"])
        if group["momentum"] > 0:
            buf = state["momentum_buffer"]
            buf.mul_(group["momentum"])
            kernels.addcdiv_(buf, grad, avg, 1)
            kernels.add_(param, buf, -group["lr"])
        else:
            kernels.addcdiv_(param, grad, avg, -group["lr"])


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        check_range("learning rate", lr)
        check_range("lr_decay value", lr_decay)
        check_range("weight_decay value", weight_decay)
        check_range("initial_accumulator_value value", initial_accumulator_value)
        check_range("epsilon value", eps)
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable, fused=fused))
        for group in self.param_groups:  # torch makes Adagrad's state up front
            for p in group["params"]:
                state = self._state_of(p)
                state["step"] = tensor(0.0, dtype=dtypes.float32)
                state["sum"] = zeros_like(p).fill_(group["initial_accumulator_value"])

    def _update(self, param, grad, state, group):
        step = _step_count(state, param)
        grad = _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])
        clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
        kernels.addcmul_(state["sum"], grad, grad, 1)
        std = state["sum"].sqrt().add_(group["eps"])
        kernels.addcdiv_(param, grad, std, -clr)


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        check_range("learning rate", lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        check_range("epsilon value", eps)
        check_range("weight_decay value", weight_decay)
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      capturable=capturable, foreach=foreach, differentiable=differentiable))

    def _update(self, param, grad, state, group):
        _step_count(state, param, "square_avg", "acc_delta")
        grad = _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])
        rho, eps, square_avg, acc_delta = group["rho"], group["eps"], state["square_avg"], state["acc_delta"]
        square_avg.mul_(rho)
        kernels.addcmul_(square_avg, grad, grad, 1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_().div_(std).mul_(grad)
        acc_delta.mul_(rho)
        kernels.addcmul_(acc_delta, delta, delta, 1 - rho)
        kernels.add_(param, delta, -group["lr"])


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        check_range("learning rate", lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
                                      differentiable=differentiable, capturable=capturable))

    def _update(self, param, grad, state, group):
        first = not state
        _step_count(state, param, "prev")
        if first:
            state["step_size"] = full_like(grad, group["lr"])
        grad = -grad if group["maximize"] else grad
        etaminus, etaplus = group["etas"]
        # each element's step grows while its gradient keeps its sign, shrinks when the sign flips
        sign = grad.mul(state["prev"]).sign()
        sign[sign.gt(0)] = etaplus
        sign[sign.lt(0)] = etaminus
        sign[sign.eq(0)] = 1
        step_size = state["step_size"]
        step_size.mul_(sign).clamp_(*group["step_sizes"])
        grad = grad.clone()
        grad[sign.eq(etaminus)] = 0  # after a flip the element rests one step
        kernels.addcmul_(param, grad.sign(), step_size, -1)
        state["prev"].copy_(grad)


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None, maximize=False,
                 differentiable=False, capturable=False):
        check_range("learning rate", lr)
        check_range("weight_decay value", weight_decay)
        super().__init__(params, dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay,
                                      foreach=foreach, maximize=maximize, differentiable=differentiable,
                                      capturable=capturable))

    def _update(self, param, grad, state, group):
        step = _step_count(state, param, "ax", eta=group["lr"], mu=1.0)
        grad = _with_weight_decay(grad, param, group["weight_decay"], group["maximize"])
        lr, lambd = group["lr"], group["lambd"]
        eta, mu, ax = state["eta"], state["mu"], state["ax"]
        eta_value = eta.item()
        param.mul_(1 - lambd * eta_value)
        kernels.add_(param, grad, -eta_value)
        if mu.item() != 1:  # averaging starts at step t0
            ax.add_(param.sub(ax).mul_(mu))
        else:
            ax.copy_(param)
        eta.fill_(lr / (1 + lambd * lr * step) ** group["alpha"])
        mu.fill_(1 / max(1, step - group["t0"]))
