"""`import gradcli.torch as torch`: the engine under PyTorch's names, so tutorial code runs as it stands."""

import builtins as _builtins
import functools as _functools

from gradcli.engine import dtypes as _dtypes
from gradcli.engine.tensor import Device as device, Size, Tensor
from gradcli.engine.printing import set_printoptions
from gradcli.engine.grad_mode import (enable_grad, is_anomaly_check_nan_enabled, is_anomaly_enabled, is_grad_enabled,
                                      no_grad, set_anomaly_enabled, set_grad_enabled, state as _grad_state)
from gradcli.engine.ops import deferred as _deferred
from gradcli.engine.rules import EXPORTS as _EXPORTS
from gradcli.engine.factory import (
    BoolTensor, DoubleTensor, FloatTensor, IntTensor, LongTensor, allclose, arange, as_tensor, empty, empty_like,
    equal, eye, from_numpy, full, full_like, get_default_device, get_default_dtype, get_rng_state, initial_seed, isclose,
    linspace, logspace, manual_seed, multinomial, normal, ones, ones_like, rand, rand_like, randint, randn, randn_like,
    randperm,
    set_default_device, set_default_dtype, set_rng_state, tensor, zeros, zeros_like,
)
from gradcli.engine.random import Generator, default_generator
from gradcli.lazy import listing as _listing, loaded_on_first_read as _loaded_on_first_read

# torch.nn, torch.optim, ...: each imported at its first use (the calculator needs two of them, a script
# that computes with tensors none); so are the engine's deferred op families (conv2d, prelu, ...)
_SUBMODULES = ("accelerator", "autograd", "backends", "cuda", "func", "linalg", "nn", "optim", "random", "utils")
__getattr__ = _loaded_on_first_read(__name__, _SUBMODULES, _deferred("torch"))
__dir__ = _listing(globals(), _deferred("torch"))


globals().update(_EXPORTS["torch"])  # every op declared for torch: sin, sum, matmul, ... (gradcli/engine/ops)

float32 = float = _dtypes.float32
float64 = double = _dtypes.float64
int64 = long = _dtypes.int64
int32 = int = _dtypes.int32
float16 = half = _dtypes.float16
int16 = short = _dtypes.int16
int8 = _dtypes.int8
uint8 = _dtypes.uint8
bool = _dtypes.bool_
dtype = _dtypes.dtype
promote_types = _dtypes.promote


class inference_mode(no_grad):
    """torch.inference_mode: what it means for the numbers, no graph recorded (as no_grad). torch also marks the
    tensors made inside as inference tensors, which later refuse autograd; gradcli does not model that mark.
    As torch's C++ InferenceMode guard, inference_mode(False) turns the grad mode on (within no_grad too)."""

    def __init__(self, mode=True):
        self.inference = _builtins.bool(mode)
        self.mode = not self.inference  # the grad mode within

    def __enter__(self):
        self._prev, self._prev_inference = _grad_state.enabled, _grad_state.inference
        _grad_state.enabled, _grad_state.inference = self.mode, self.inference

    def __exit__(self, *exc):
        _grad_state.inference = self._prev_inference
        return super().__exit__(*exc)

    def __call__(self, func):
        @_functools.wraps(func)
        def wrapper(*args, **kwargs):
            with inference_mode(self.inference):  # one per call: calls may nest
                return func(*args, **kwargs)
        return wrapper

    def __repr__(self):
        return f"<torch.autograd.grad_mode.inference_mode object at {id(self):#x}>"


def is_inference_mode_enabled():
    return _grad_state.inference



def is_tensor(obj):
    return isinstance(obj, Tensor)


def numel(x):
    return x.numel()


__version__ = "2.13.0+cpu"  # torch.__version__ of the CPU build the outputs are compared with


_deterministic = {"mode": False, "warn_only": False}  # every gradcli op is deterministic: the flag is only kept


def use_deterministic_algorithms(mode, *, warn_only=False):
    """The reproducibility switch tutorials set: every op here is already deterministic, so it is only recorded."""
    _deterministic.update(mode=_builtins.bool(mode), warn_only=_builtins.bool(warn_only))  # `bool` is torch.bool here


def are_deterministic_algorithms_enabled():
    return _deterministic["mode"]


def is_deterministic_algorithms_warn_only_enabled():
    return _deterministic["warn_only"]


def lstsq(input, A, *, out=None):
    """Removed in torch 1.9 in favour of torch.linalg.lstsq; torch 2.13 keeps the name, which raises this."""
    raise RuntimeError(
        "This function was deprecated since version 1.9 and is now removed. "
        "`torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n"
        "`torch.linalg.lstsq` has reversed arguments and does not return the QR decomposition in "
        "the returned tuple (although it returns other information about the problem).\n\n"
        "To get the QR decomposition consider using `torch.linalg.qr`.\n\n"
        "The returned solution in `torch.lstsq` stored the residuals of the solution in the "
        "last m - n columns of the returned value whenever m > n. In torch.linalg.lstsq, "
        "the residuals are in the field 'residuals' of the returned named tuple.\n\n"
        "The unpacking of the solution, as in\n"
        "X, _ = torch.lstsq(B, A).solution[:A.size(1)]\n"
        "should be replaced with:\n"
        "X = torch.linalg.lstsq(A, B).solution")
