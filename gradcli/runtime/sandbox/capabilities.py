"""What a script can reach through attributes: one table of capabilities, deny by default.

A script sees the language's values and their public, torch-documented faces, nothing else. READABLE
lists, for every type a script can hold, the attributes it may read: a type missing from it (and from
the two rules below) exposes nothing. Tensor's methods are listed one by one, so that a method added to
the engine is reachable only once it is listed here.

The two rules: classes that gradcli.torch defines for scripts (nn.Module, optimizers, Function's ctx)
expose their public API; classes a script defines expose their public attributes and the `_name`
attributes their own code defines. Dunder attributes are refused everywhere (the road to `__globals__`,
`__subclasses__` and so to everything), except `super().__init__`. No value a script reads may be a
module, frame, code, traceback or raw descriptor object, `mro()` is refused (the road to `object`), and
format strings cannot walk attributes (`"{0.__class__}".format(x)`). Scripts write a tensor's grad, data
and requires_grad, their own objects' attributes, and the public attributes of gradcli.torch's objects
(`ctx.constant = c` in a custom Function).
"""

from __future__ import annotations

import functools
import types

import numpy as np

from gradcli.engine.dtypes import dtype
from gradcli.engine.graph import AccumulateGrad, Node
from gradcli.engine.methods import IN_PLACE_TWINS
from gradcli.engine.random import Generator
from gradcli.engine.storage import TypedStorage
from gradcli.engine.tensor import Device, RemovableHandle, Size, Tensor
from gradcli.runtime.sandbox.modules import NUMPY_GENERATOR_METHODS, NUMPY_RANDOM_NAMES
from gradcli.runtime.values import BuiltinFunction, LangModule, UserFunction
from gradcli.torch.nn.parameter import Parameter


class Public:
    """Every name without a leading underscore."""

    __slots__ = ()

    def allows(self, name):
        return not name.startswith("_")


class Names:
    """The names listed, and those that start with `prefix` if one is given."""

    __slots__ = ("names", "prefix")

    def __init__(self, names, prefix=None):
        self.names = frozenset(names)
        self.prefix = prefix

    def allows(self, name):
        return name in self.names or (self.prefix is not None and name.startswith(self.prefix))


class ScriptClass:
    """A class a script defined (and its instances): public names, and the `_name`s its own code uses."""

    __slots__ = ("private_names",)

    def __init__(self, private_names):
        self.private_names = private_names

    def allows(self, name):
        return not name.startswith("_") or name in self.private_names


BLOCKED_TYPES = (types.ModuleType, types.FrameType, types.CodeType, types.TracebackType,
                 # a class's raw descriptors: their fget/fset/__get__ run engine internals on any value
                 property, types.GetSetDescriptorType, types.MemberDescriptorType)
CLASS_ATTRIBUTES_REFUSED = frozenset({"mro"})  # the road from any class to `object`
HOST_PACKAGE = "gradcli.torch"  # classes defined here are written for scripts: their public API is theirs
TENSOR_ATTRIBUTES = frozenset({
    "T", "abs", "add", "add_", "all", "any", "argmax", "argmin", "backward", "bmm", "bool", "clamp", "clamp_", "clamp_max",
    "clamp_min", "clip", "clone", "contiguous", "cos", "count_nonzero", "data", "detach", "detach_", "device", "dim",
    "div", "div_", "divide", "dot", "double", "dtype", "element_size", "eq", "exp", "expand", "expand_as", "fill_",
    "flatten", "float", "floor_divide", "ge", "grad", "grad_fn", "gt", "int", "is_contiguous", "is_floating_point",
    "is_leaf", "item", "le", "log", "log1p", "log_softmax", "long", "lt", "matmul", "max", "maximum", "mean", "min",
    "minimum", "mm", "mul", "mul_", "multiply", "mv", "ndim", "ndimension", "ne", "neg", "negative", "nelement",
    "norm", "numel", "numpy", "outer", "permute", "pow", "pow_", "prod", "reciprocal", "register_hook", "relu",
    "remainder", "requires_grad", "requires_grad_", "reshape", "reshape_as", "retain_grad", "retains_grad", "select",
    "shape", "sigmoid", "sign", "sin", "size", "softmax", "sqrt", "squeeze", "sub", "sub_", "subtract", "sum", "t",
    "tan", "tanh", "to", "tolist", "transpose", "true_divide", "type", "unsqueeze", "view", "view_as", "zero_",
    "_version",  # torch documents x._version for in-place checks
    # reviewed for the engine and torch-namespace work landing beside the language's (issue 12)
    "acos", "acosh", "addmm", "allclose", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
    "asin", "asinh", "atan", "atan2", "atanh", "ceil", "copy_", "cosh", "cpu", "cuda", "equal", "erf", "erfc",
    "exp2", "expm1", "floor", "frac", "hypot", "is_cuda", "isclose", "log10", "log2", "normal_",
    "register_post_accumulate_grad_hook", "round", "sinc", "sinh", "trunc", "uniform_",
    "std", "var",  # reductions (issue 13): pure functions of the tensor, like mean
    "rsqrt", "sgn",  # math methods of issue 13 (the derivatives' rsqrt and sgn, as torch's)
    "cumsum", "flip",  # issue 12's tutorials: new tensors computed from the tensor, like sum and permute
    "masked_fill",  # issue 13: a new tensor from the tensor and a mask, like where
    "half", "short", "char", "byte",  # conversions to float16, int16, int8, uint8, like float and long
    # tutorials from new sources (issue 12): in-place twins write only into the tensor, as add_ does
    *(name + "_" for name in IN_PLACE_TWINS), "t_", "transpose_", "squeeze_", "unsqueeze_", "resize_", "random_",
    "isfinite", "isinf", "isnan", "gather", "scatter", "scatter_add",
    "stride", "storage_offset", "data_ptr",  # the memory-layout lessons: numbers about the tensor, as numel
    "storage",  # the memory-layout lessons: the shared memory, read and written element by element
    "tril", "triu",  # new tensors masked from the tensor, like masked_fill (their in-place twins are above)
    "logsumexp",  # a reduction, like sum
    "new_tensor",  # tutorials from more sources: a copy of data, as torch.tensor makes
    "prelu",  # an activation (x.prelu(weight)): a new tensor from the tensor and a weight, like relu
    "sort", "argsort", "msort", "topk", "kthvalue", "median",  # values (and indices) picked by order, like max
    "split", "chunk", "unbind", "narrow",  # views of parts of the tensor, like select and view
})
TENSOR_WRITABLE = frozenset({"grad", "data", "requires_grad"})  # as torch: grad_fn, is_leaf, ... are not
NUMPY_ARRAY_ATTRIBUTES = frozenset({
    "shape", "dtype", "ndim", "size", "T", "tolist", "item", "sum", "mean", "std", "var", "max", "min", "prod",
    "argmax", "argmin", "cumsum", "reshape", "astype", "copy", "flatten", "transpose", "squeeze", "dot", "round",
    "clip", "any", "all",
})
GRAPH_NODE_ATTRIBUTES = frozenset({"name", "next_functions", "variable", "register_hook", "register_prehook",
                                   "metadata"})
# Python's value types: their public methods work on the value in memory and return values like it.
PYTHON_VALUE_TYPES = (int, float, complex, str, list, tuple, dict, set, frozenset, range, slice)
PUBLIC = Public()
# grad_fn._saved_self, _saved_result, ...: torch's public API despite the underscore
GRAPH_NODE = Names(GRAPH_NODE_ATTRIBUTES, prefix="_saved_")
READABLE = {
    **{kind: PUBLIC for kind in PYTHON_VALUE_TYPES},
    BaseException: Names({"args"}),
    StopIteration: Names({"args", "value"}),  # a generator's return value
    Tensor: Names(TENSOR_ATTRIBUTES),
    Size: PUBLIC,  # a tuple, with numel()
    dtype: Names({"is_floating_point", "itemsize"}),
    Device: Names({"type", "index"}),
    Generator: Names({"manual_seed", "initial_seed", "get_state", "set_state"}),
    TypedStorage: Names({"dtype", "device", "size", "data_ptr", "tolist"}),  # indexing and len() through operators
    RemovableHandle: Names({"remove"}),  # what register_hook returns: h.remove() takes the hook off
    Node: GRAPH_NODE,
    AccumulateGrad: GRAPH_NODE,
    np.ndarray: Names(NUMPY_ARRAY_ATTRIBUTES),
    np.generic: Names(NUMPY_ARRAY_ATTRIBUTES),
    np.dtype: Names({"name", "itemsize", "kind"}),
    functools.partial: Names({"func", "args", "keywords"}),
    types.GeneratorType: Names({"send", "throw", "close"}),
    super: PUBLIC,
    property: Names({"setter", "getter", "deleter"}),  # `@x.setter` in a class body: a script's own property
}
# numpy.random's generators, by (module, name): naming the classes would import numpy.random at every start
NUMPY_RANDOM_CLASSES = {
    ("numpy.random._generator", "Generator"): Names(NUMPY_GENERATOR_METHODS),
    ("numpy.random.mtrand", "RandomState"): Names(set(NUMPY_RANDOM_NAMES) - {"seed"}),  # seed(None): OS entropy
}
# The special methods a script's class may define: construction, calling, containers, printing, operators.
DEFINABLE_SPECIAL_METHODS = frozenset({
    "__init__", "__call__", "__len__", "__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__",
    "__next__", "__repr__", "__str__", "__format__", "__bool__", "__hash__", "__enter__", "__exit__",
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__pos__", "__abs__", "__invert__",
    *(f"__{prefix}{op}__" for prefix in ("", "r", "i") for op in (
        "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor")),
})
SHOWN_TYPE_NAMES = {UserFunction: "function", BuiltinFunction: "builtin_function_or_method", LangModule: "module"}
PRIVATE_NAMES_KEY = "__gradcli_private__"  # in a script class's namespace: the `_name`s its own code uses


def type_name(obj):
    """The type's name as Python would show it for this value."""
    return SHOWN_TYPE_NAMES.get(type(obj), type(obj).__name__)


def class_of(obj):
    """type(obj) for a script: the class of a value whose class a script may hold (Python's value types,
    None, tensors and parameters, arrays, exceptions, gradcli.torch's and the script's own classes). Refused
    for metaclasses (calling one would build a class past make_class) and the runtime's own values."""
    if isinstance(obj, Tensor) and obj._is_param:
        return Parameter  # a parameter is a marked Tensor (see gradcli/torch/nn/parameter.py)
    kind = type(obj)
    if not issubclass(kind, type) and (kind is type(None) or _is_host_class(kind) or type(_capability(kind)) is ScriptClass
                                       or any(klass in READABLE for klass in kind.__mro__)):
        return kind
    raise TypeError(f"gradcli scripts cannot take the type of a '{type_name(obj)}' value")


def get_attribute(obj, name):
    if type(obj) is not Tensor or name not in TENSOR_ATTRIBUTES:  # a listed tensor attribute needs no more tests
        if isinstance(obj, LangModule):
            return obj.member(name)
        if not readable(obj, name):
            if name.startswith("_"):
                raise AttributeError(f"gradcli scripts cannot use private attribute '{name}'")
            raise AttributeError(f"'{type_name(obj)}' object has no attribute '{name}'", name=name, obj=obj)
        if name in ("format", "format_map") and (type(obj) is str or obj is str):
            return _safe_format_method(obj, name)
    value = getattr(obj, name)
    if isinstance(value, BLOCKED_TYPES):
        raise AttributeError(f"gradcli scripts cannot use the {type(value).__name__} object '{name}'")
    return value


def attribute_names(obj):
    """dir(obj) as a script sees it (sorted, as dir sorts): where a report looks for a misspelt attribute."""
    if type(obj) is Tensor:
        return sorted(TENSOR_ATTRIBUTES)
    if isinstance(obj, LangModule):
        return obj.searched_names()
    return [name for name in dir(obj) if "gradcli" not in name]


def script_names(obj):
    """dir(obj) for a script: the attributes a script may read (sorted, as dir sorts), without dunders; a
    module's, the names the language gives it."""
    if isinstance(obj, LangModule):
        return sorted(obj.public_names())
    return sorted(name for name in dir(obj) if not name.startswith("__") and readable(obj, name))


def readable(obj, name):
    """Whether a script may read `obj.name` (whether or not it exists): the capability table's answer."""
    if name.startswith("__"):  # a class's or a script function's name is a string (`type(error).__name__`)
        return (name == "__init__" and type(obj) is super
                or name == "__name__" and (isinstance(obj, type) or type(obj) is UserFunction))
    if type(obj) is Tensor:  # the common case first: a script reads tensors' attributes in every loop
        return name in TENSOR_ATTRIBUTES
    if isinstance(obj, type):
        return name not in CLASS_ATTRIBUTES_REFUSED and _capability(obj).allows(name)
    return _capability(type(obj)).allows(name)


def set_attribute(obj, name, value):
    if isinstance(obj, LangModule):
        return obj.set_flag(name, value)
    _check_writable(obj, name)
    setattr(obj, name, value)


def delete_attribute(obj, name):
    _check_writable(obj, name)
    delattr(obj, name)


def _check_writable(obj, name):
    """Scripts write a tensor's grad, data and requires_grad, their own objects' attributes, and the public
    attributes of gradcli.torch's objects."""
    if isinstance(obj, Tensor):
        if name not in TENSOR_WRITABLE:
            raise AttributeError(f"attribute '{name}' of 'Tensor' objects is not writable")
        return
    capability = _capability(obj if isinstance(obj, type) else type(obj))
    if type(capability) is ScriptClass and not name.startswith("__") and capability.allows(name):
        return
    if not isinstance(obj, type) and _is_host_class(type(obj)) and not name.startswith("_"):
        return
    raise AttributeError(f"'{type_name(obj)}' object attribute '{name}' is read-only")


NOTHING = Names(())


@functools.lru_cache(maxsize=1024)
def _capability(kind):
    """What values of type `kind` (or the class `kind` itself) expose; NOTHING for a type that neither the
    table nor the rules name."""
    if any(PRIVATE_NAMES_KEY in vars(klass) for klass in kind.__mro__):
        return ScriptClass(frozenset().union(*(vars(klass).get(PRIVATE_NAMES_KEY, ()) for klass in kind.__mro__)))
    if issubclass(kind, Tensor):
        return READABLE[Tensor]  # nn.Parameter too: a tensor is reachable through its listed methods only
    for klass in kind.__mro__:
        if klass in READABLE:
            return READABLE[klass]
        if _is_host_class(klass):
            return PUBLIC
        if (klass.__module__, klass.__qualname__) in NUMPY_RANDOM_CLASSES:
            return NUMPY_RANDOM_CLASSES[klass.__module__, klass.__qualname__]
    return NOTHING


def _is_host_class(klass):
    return klass.__module__ == HOST_PACKAGE or klass.__module__.startswith(HOST_PACKAGE + ".")


def make_class(name, qualname, bases, namespace, private_names):
    """The class a script's `class` statement defines, from its body's namespace; bases are script classes,
    exceptions, or classes gradcli.torch defines for subclassing (nn.Module, autograd.Function)."""
    for base in bases:
        if not isinstance(base, type):
            raise TypeError(f"a class's bases must be classes, not {type_name(base)}")
        if not (base is object or issubclass(base, BaseException) and base.__module__ == "builtins"
                or type(_capability(base)) is ScriptClass
                or _is_host_class(base) and not issubclass(base, Tensor)):
            raise TypeError(f"gradcli scripts cannot subclass '{base.__name__}'")
    for key in namespace:
        if key.startswith("__") and key not in DEFINABLE_SPECIAL_METHODS:
            raise TypeError(f"gradcli scripts cannot define '{key}' in a class")
    body = dict(namespace, __module__="__main__", __qualname__=qualname, **{PRIVATE_NAMES_KEY: private_names})
    return types.new_class(name, bases, exec_body=lambda ns: ns.update(body))


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
