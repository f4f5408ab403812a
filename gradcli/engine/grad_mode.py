"""Grad modes: whether operations record the graph (usable as context managers and decorators), and whether
forward-mode AD is on (engine/forward.py switches it)."""

import functools


class _State:
    __slots__ = ("enabled", "inference")  # read by every op: a slot is one lookup, a class default is not

    def __init__(self):
        self.enabled = True
        self.inference = False  # within torch.inference_mode()


state = _State()


class _Anomaly:
    """torch.autograd's anomaly mode: whether backward checks each node's gradients for NaN (check_nan)."""

    __slots__ = ("enabled", "check_nan")

    def __init__(self):
        self.enabled, self.check_nan = False, True


anomaly = _Anomaly()


def set_anomaly_enabled(enabled, check_nan=True):
    anomaly.enabled, anomaly.check_nan = bool(enabled), bool(check_nan)


def is_anomaly_enabled():
    return anomaly.enabled


def is_anomaly_check_nan_enabled():
    return anomaly.check_nan


class _ForwardMode:
    """The active dual level's id (or None), whether a JVP is being computed (its own ops carry no tangents),
    and the function that gives an op's output its tangent (set by engine/forward.py)."""

    __slots__ = ("level", "pushing", "push")  # as _State's

    def __init__(self):
        self.level = None
        self.pushing = False
        self.push = None


forward_mode = _ForwardMode()


def tangent_of(x):
    """x's tangent at the active dual level, or None."""
    tangent = getattr(x, "_tangent", None)  # numbers in an op's inputs have none
    return tangent if tangent is not None and x._tangent_level == forward_mode.level else None


def is_grad_enabled():
    return state.enabled


class _GradMode:
    """Base of no_grad / enable_grad: set a mode on entry, restore the previous one on exit."""

    mode = True

    def __enter__(self):
        self._prev = state.enabled
        state.enabled = self.mode

    def __exit__(self, *exc):
        state.enabled = self._prev
        return False

    def __call__(self, func):
        mode = self.mode

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            prev, state.enabled = state.enabled, mode
            try:
                return func(*args, **kwargs)
            finally:
                state.enabled = prev
        return wrapper

    def __repr__(self):  # as torch prints it: its class lives in torch.autograd.grad_mode
        return f"<torch.autograd.grad_mode.{type(self).__name__} object at {id(self):#x}>"


class no_grad(_GradMode):
    mode = False


class enable_grad(_GradMode):
    mode = True


class set_grad_enabled(_GradMode):
    """Takes effect when called (as torch does), and restores the previous mode when used with `with`."""

    def __init__(self, mode):
        self._prev = state.enabled
        self.mode = bool(mode)
        state.enabled = self.mode

    def __enter__(self):
        pass

    def __call__(self, func):
        state.enabled = self._prev  # used as a decorator: the call above must not leak
        return super().__call__(func)

    def __repr__(self):
        return f"torch.autograd.grad_mode.set_grad_enabled(mode={self.mode})"
