"""torch.nn.Parameter: a tensor a Module registers as a parameter.

The engine's hot paths test `type(x) is Tensor`, so a parameter is a plain Tensor marked `_is_param`
(which also makes it print as torch's `Parameter containing:`); isinstance(p, Parameter) reads the mark.
"""

from gradcli.engine.factory import empty
from gradcli.engine.tensor import Tensor


class _ParameterType(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj._is_param

    def __repr__(cls):
        return "<class 'torch.nn.parameter.Parameter'>"


class Parameter(metaclass=_ParameterType):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = empty(0)
        param = data.detach()  # the same data and version counter, no history
        param.requires_grad_(requires_grad)
        param._is_param = True
        return param
