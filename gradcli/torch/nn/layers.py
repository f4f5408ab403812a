"""Layers without sub-modules: Linear, the activations, Identity, Flatten, Dropout."""

import math

from gradcli.engine import nn_functional as F
from gradcli.engine.ops.activations import elu, gelu, hardtanh, leaky_relu, prelu, relu, relu6, silu, softplus
from gradcli.engine.ops.pointwise import sigmoid, tanh
from gradcli.engine.ops.reductions import log_softmax, softmax
from gradcli.engine.ops.shapes import flatten
from gradcli.engine.factory import empty, rand

from . import init
from .module import Module
from .parameter import Parameter


class WeightAndBias(Module):
    """A layer with a weight and an optional bias (one per output), initialised as torch initialises Linear and
    the convolutions: kaiming_uniform_(a=sqrt(5)) for the weight, then U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for
    the bias, drawn in that order from torch's stream (so a seeded model starts from torch's weights)."""

    def add_weight_and_bias(self, weight_shape, bias, device, dtype):
        self.weight = Parameter(empty(weight_shape, device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(empty(weight_shape[0], device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)


class Linear(WeightAndBias):
    """y = x W^T + b."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.add_weight_and_bias((out_features, in_features), bias, device, dtype)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


class LazyLinear(Linear):
    """A Linear whose in_features is the last dimension of its first input.

    As in torch, nothing is drawn at construction: the first call sizes the parameters, initialises them
    as Linear does (so the random stream advances exactly as torch's), and the module becomes a Linear
    (torch's `cls_to_become`), which is what its repr and type() then say.
    """

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        Module.__init__(self)
        self.in_features = 0
        self.out_features = out_features
        self._factory = {"device": device, "dtype": dtype}
        self.weight = _uninitialized_parameter(self._factory)
        if bias:
            self.bias = _uninitialized_parameter(self._factory)
        else:
            self.register_parameter("bias", None)

    def initialize_parameters(self, input):
        self.in_features = input.shape[-1]
        self.weight = Parameter(empty((self.out_features, self.in_features), **self._factory))
        if self.bias is not None:
            self.bias = Parameter(empty(self.out_features, **self._factory))
        del self._factory
        self.reset_parameters()
        self.__class__ = Linear

    def forward(self, input):
        self.initialize_parameters(input)
        return self.forward(input)  # Linear's, from now on


class _Activation(Module):
    """A module applying FUNCTION(input, *the values of PARAMS, inplace): each subclass's __init__ keeps torch's
    signature, and its repr lists PARAMS then `inplace=True` when set, as torch's extra_repr does."""

    PARAMS = ()

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return type(self).FUNCTION(input, *(getattr(self, name) for name in self.PARAMS), self.inplace)

    def extra_repr(self):
        return ", ".join([f"{name}={getattr(self, name)}" for name in self.PARAMS]
                         + (["inplace=True"] if self.inplace else []))


class ReLU(_Activation):
    FUNCTION = staticmethod(relu)


class LeakyReLU(_Activation):
    FUNCTION, PARAMS = staticmethod(leaky_relu), ("negative_slope",)

    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__(inplace)
        self.negative_slope = negative_slope


class ELU(_Activation):
    FUNCTION, PARAMS = staticmethod(elu), ("alpha",)

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__(inplace)
        self.alpha = alpha


class SiLU(_Activation):
    FUNCTION = staticmethod(silu)


class Softplus(Module):
    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def forward(self, input):
        return softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class GELU(Module):
    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class PReLU(Module):
    """a > 0 ? a : weight * a with a learnt weight: one, or one per channel (num_parameters), filled with init."""

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        super().__init__()
        self.num_parameters = num_parameters
        self.init = init
        self.weight = Parameter(empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        init.constant_(self.weight, self.init)

    def forward(self, input):
        return prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"


class Hardtanh(_Activation):
    FUNCTION, PARAMS = staticmethod(hardtanh), ("min_val", "max_val")

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__(inplace)
        if max_val <= min_val:
            raise AssertionError(f"max_val ({max_val}) must be greater than min_val ({min_val})")
        self.min_val, self.max_val = min_val, max_val


class ReLU6(Hardtanh):  # (a Hardtanh, as torch's, with its bounds fixed: its repr shows only inplace)
    FUNCTION, PARAMS = staticmethod(relu6), ()

    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)


class Tanh(Module):
    def forward(self, input):
        return tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return sigmoid(input)


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return softmax(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    def forward(self, input):
        return log_softmax(input, self.dim)


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return flatten(input, self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Dropout(Module):
    """Zeroes each element with probability p in training (scaling the rest by 1/(1-p)); the identity in eval.
    The mask is drawn from gradcli's stream, not torch's (torch's CPU bernoulli goes through MKL)."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        if not self.training or self.p == 0:
            return input
        if self.p == 1:
            return input * 0
        keep = (rand(*input.shape, dtype=input.dtype) >= self.p).to(input.dtype)
        return input * keep / (1 - self.p)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


def _uninitialized_parameter(factory):
    """A lazy module's placeholder: an empty parameter that prints as torch's <UninitializedParameter>."""
    param = Parameter(empty(0, **factory))
    param._uninitialized = True
    return param
