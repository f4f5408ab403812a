"""The modules a script can import, and the names each one offers.

torch and its submodules are gradcli's engine namespace (`gradcli.torch`): every public name. math and
numpy are Python's own, cut down to what computing with tensors needs: nothing that reads or writes
files, loads code or runs for unbounded time (math.factorial(10**9) could not be interrupted).
"""

from __future__ import annotations

import functools
import importlib
import types

from gradcli.runtime.values import LangModule

# Script module name -> the Python module behind it.
ENGINE_MODULES = {
    "torch": "gradcli.torch",
    "torch.autograd": "gradcli.torch.autograd",
    "torch.autograd.functional": "gradcli.torch.autograd.functional",
    "torch.linalg": "gradcli.torch.linalg",
    "torch.nn": "gradcli.torch.nn",
    "torch.nn.functional": "gradcli.torch.nn.functional",
}
MATH_NAMES = (
    "pi", "e", "tau", "inf", "nan", "sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "floor", "ceil",
    "trunc", "fabs", "fmod", "copysign", "hypot", "isclose", "isfinite", "isinf", "isnan", "degrees", "radians",
    "erf", "erfc", "gamma", "lgamma", "fsum", "gcd", "isqrt",
)
NUMPY_NAMES = (
    "array", "asarray", "arange", "linspace", "zeros", "ones", "full", "eye", "zeros_like", "ones_like",
    "full_like", "exp", "log", "log1p", "sqrt", "square", "sin", "cos", "tan", "tanh", "abs", "absolute", "sign",
    "floor", "ceil", "round", "clip", "maximum", "minimum", "where", "sum", "mean", "std", "var", "max", "min",
    "argmax", "argmin", "prod", "cumsum", "dot", "matmul", "outer", "transpose", "reshape", "concatenate",
    "stack", "allclose", "isclose", "array_equal", "pi", "e", "inf", "nan", "float16", "float32", "float64",
    "int32", "int64", "bool_",
)
IMPORTABLE = (*ENGINE_MODULES, "math", "numpy")


def is_importable(name):
    return name in IMPORTABLE


@functools.cache
def language_module(name) -> LangModule:
    """The module `name` as scripts see it (one shared instance: scripts cannot change modules)."""
    if name == "math":
        return _whitelisted("math", MATH_NAMES)
    if name == "numpy":
        return _whitelisted("numpy", NUMPY_NAMES)
    module = importlib.import_module(ENGINE_MODULES[name])
    names = getattr(module, "__all__", None) or [key for key in vars(module) if not key.startswith("_")]
    members = {}
    for key in names:
        value = getattr(module, key)
        if isinstance(value, types.ModuleType):
            submodule = f"{name}.{key}"
            if submodule not in ENGINE_MODULES:
                continue  # a helper module the engine imported, such as numpy
            value = language_module(submodule)
        members[key] = value
    return LangModule(name, members)


def _whitelisted(name, names):
    module = importlib.import_module(name)
    return LangModule(name, {key: getattr(module, key) for key in names if hasattr(module, key)})
