"""`import gradcli.torch as torch`: the engine under PyTorch's names, so tutorial code runs as it stands."""

from gradcli.engine import dtypes as _dtypes
from gradcli.engine.tensor import Device as device, Size, Tensor
from gradcli.engine.printing import set_printoptions
from gradcli.engine.grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from gradcli.engine.ops import (
    abs, add, argmax, argmin, cat, clamp, clone, cos, div, dot, eq, exp, flatten, ge, gt, le, log, log1p,
    log_softmax, lt, matmul, maximum, mean, minimum, mm, mul, mv, ne, neg, norm, outer, permute, pow, prod,
    reciprocal, relu, reshape, sigmoid, sign, sin, softmax, sqrt, squeeze, stack, sub, sum, t, tan, tanh,
    transpose, unsqueeze, where, max, min, remainder, floor_divide, return_type as _return_type,
)
from gradcli.engine.factory import (
    BoolTensor, DoubleTensor, FloatTensor, IntTensor, LongTensor, allclose, arange, as_tensor, empty, empty_like,
    equal, eye, from_numpy, full, full_like, get_default_device, get_default_dtype, get_rng_state, initial_seed, isclose,
    linspace, manual_seed, ones, ones_like, rand, rand_like, randn, randn_like, set_default_device, set_default_dtype,
    set_rng_state, tensor, zeros, zeros_like,
)
from gradcli.engine.random import Generator, default_generator
from . import autograd, cuda, func, nn, optim  # noqa: E402

float32 = float = _dtypes.float32
float64 = double = _dtypes.float64
int64 = long = _dtypes.int64
int32 = int = _dtypes.int32
bool = _dtypes.bool_
dtype = _dtypes.dtype
clip = clamp
subtract = sub
multiply = mul
divide = div
negative = neg
absolute = abs


def is_tensor(obj):
    return isinstance(obj, Tensor)


def numel(x):
    return x.numel()


__version__ = "2.13.0"
