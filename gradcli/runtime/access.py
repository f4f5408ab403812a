"""What a script can reach through attributes.

A script sees the language's values and their public, torch-documented faces, nothing else: no private
or dunder attributes (the road to `__globals__`, `__subclasses__` and so to everything), no module,
frame, code, traceback or raw descriptor objects, no `mro()` (the road to `object`), no format strings
that walk attributes (`"{0.__class__}".format(x)`), and only the numbers-and-shapes side of NumPy arrays
(not `tofile`, `ctypes`, ...). It writes only what torch lets it write: a tensor's grad, data and
requires_grad.
"""

from __future__ import annotations

import functools
import types

import numpy as np

from gradcli.engine.graph import AccumulateGrad, Node
from gradcli.engine.tensor import Tensor
from gradcli.runtime.values import BuiltinFunction, LangModule, UserFunction

BLOCKED_TYPES = (types.ModuleType, types.FrameType, types.CodeType, types.TracebackType,
                 # a class's raw descriptors: their fget/fset/__get__ run engine internals on any value
                 property, types.GetSetDescriptorType, types.MemberDescriptorType)
CLASS_ATTRIBUTES_REFUSED = frozenset({"mro"})  # the road from any class to `object`
TENSOR_WRITABLE = frozenset({"grad", "data", "requires_grad"})  # as torch: grad_fn, is_leaf, ... are not
TENSOR_PRIVATE_API = frozenset({"_version"})  # torch documents x._version for in-place checks
NUMPY_ARRAY_ATTRIBUTES = frozenset({
    "shape", "dtype", "ndim", "size", "T", "tolist", "item", "sum", "mean", "std", "var", "max", "min", "prod",
    "argmax", "argmin", "cumsum", "reshape", "astype", "copy", "flatten", "transpose", "squeeze", "dot", "round",
    "clip", "any", "all",
})
NUMPY_DTYPE_ATTRIBUTES = frozenset({"name", "itemsize", "kind"})
GRAPH_NODE_ATTRIBUTES = frozenset({"name", "next_functions", "variable", "register_hook", "register_prehook",
                                   "metadata"})
EXCEPTION_ATTRIBUTES = frozenset({"args"})
SHOWN_TYPE_NAMES = {UserFunction: "function", BuiltinFunction: "builtin_function_or_method", LangModule: "module"}


def type_name(obj):
    """The type's name as Python would show it for this value."""
    return SHOWN_TYPE_NAMES.get(type(obj), type(obj).__name__)


def get_attribute(obj, name):
    if isinstance(obj, LangModule):
        return obj.member(name)
    if name.startswith("_") and not (name in TENSOR_PRIVATE_API and isinstance(obj, Tensor)):
        raise AttributeError(f"gradcli scripts cannot use private attribute '{name}'")
    allowed = _allowed_names(obj)
    if (allowed is not None and name not in allowed) or (isinstance(obj, type) and name in CLASS_ATTRIBUTES_REFUSED):
        raise AttributeError(f"'{type_name(obj)}' object has no attribute '{name}'")
    if name in ("format", "format_map") and (type(obj) is str or obj is str):
        return _safe_format_method(obj, name)
    value = getattr(obj, name)
    if isinstance(value, BLOCKED_TYPES):
        raise AttributeError(f"gradcli scripts cannot use the {type(value).__name__} object '{name}'")
    return value


def set_attribute(obj, name, value):
    _check_writable(obj, name)
    setattr(obj, name, value)


def delete_attribute(obj, name):
    _check_writable(obj, name)
    delattr(obj, name)


def _check_writable(obj, name):
    """Scripts write the attributes torch lets them write: a tensor's grad, data and requires_grad."""
    if not isinstance(obj, Tensor):
        raise AttributeError(f"'{type_name(obj)}' object attribute '{name}' is read-only")
    if name not in TENSOR_WRITABLE:
        raise AttributeError(f"attribute '{name}' of 'Tensor' objects is not writable")


def _allowed_names(obj):
    """The attributes a script may read on objects whose Python side is wider than what scripts need."""
    if isinstance(obj, (np.ndarray, np.generic)):
        return NUMPY_ARRAY_ATTRIBUTES
    if isinstance(obj, np.dtype):
        return NUMPY_DTYPE_ATTRIBUTES
    if isinstance(obj, (Node, AccumulateGrad)):
        return GRAPH_NODE_ATTRIBUTES
    if isinstance(obj, BaseException):
        return EXCEPTION_ATTRIBUTES
    if isinstance(obj, (UserFunction, BuiltinFunction)):
        return frozenset()
    return None


@functools.cache
def _formatter():
    """str.format without field names that walk attributes or items. Made at a script's first format call:
    `string` takes half a millisecond to import, at every start otherwise."""
    import string

    class ArgumentsOnlyFormatter(string.Formatter):
        def get_field(self, field_name, args, kwargs):
            if "." in field_name or "[" in field_name:
                raise ValueError("format fields in gradcli scripts name an argument only, without '.' or '[...]'")
            return super().get_field(field_name, args, kwargs)

    return ArgumentsOnlyFormatter()


def _safe_format_method(obj, name):
    """str.format / str.format_map, bound to `obj` (or unbound, read from the str type itself)."""
    if name == "format":
        def formatter(template, /, *args, **kwargs):
            return _formatter().vformat(template, args, kwargs)
    else:
        def formatter(template, mapping, /):
            return _formatter().vformat(template, (), mapping)
    if obj is str:
        return formatter
    return lambda *args, **kwargs: formatter(obj, *args, **kwargs)
