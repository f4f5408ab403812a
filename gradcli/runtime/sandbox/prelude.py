"""The names a script starts with: Python's builtins that the language keeps (and super, which the
interpreter adds: it reads the running method's frame), the exception classes, and torch's names as if
`import torch`, `from torch import *` and `import torch.nn.functional as F` had run.

id() is Python's own: an object's address, which the default reprs (`<function f at 0x...>`) already show,
so it tells a script nothing new; d2l checks `id(Y) == before` to see an in-place update."""

from __future__ import annotations

import builtins

from gradcli.runtime.sandbox.capabilities import class_of, delete_attribute, get_attribute, set_attribute
from gradcli.runtime.sandbox.modules import language_module, python_level
from gradcli.runtime.values import BuiltinFunction

PYTHON_BUILTINS = ("len", "range", "zip", "enumerate", "list", "tuple", "float", "int", "bool", "str", "abs", "min",
                   "max", "sum", "round", "all", "any", "isinstance", "dict", "set", "frozenset", "sorted", "reversed",
                   "map", "filter", "next", "repr", "callable", "divmod", "object", "staticmethod",
                   "classmethod", "property", "id")
EXCEPTIONS = (
    "BaseException", "Exception", "ArithmeticError", "AssertionError", "AttributeError", "ImportError",
    "IndexError", "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError",
    "NameError", "NotImplementedError", "OverflowError", "RecursionError", "RuntimeError", "StopIteration",
    "TimeoutError", "TypeError", "UnboundLocalError", "ValueError", "ZeroDivisionError", "Warning", "UserWarning",
)


def make_builtins(out, guards):
    """The builtin names; `print` writes to `out` (plain text writes), `pow` keeps to the limits."""
    table = {name: builtins.__dict__[name] for name in (*PYTHON_BUILTINS, *EXCEPTIONS)}

    def print(*values, sep=" ", end="\n", flush=False):
        sep = " " if sep is None else sep
        end = "\n" if end is None else end
        for name, text in (("sep", sep), ("end", end)):
            if not isinstance(text, str):
                raise TypeError(f"{name} must be None or a string, not {type(text).__name__}")
        out.write(sep.join(str(value) for value in values) + end)
        if flush:
            out.flush()

    def pow(base, exp, mod=None):
        if mod is None:
            guards.check_power(base, exp)
        return builtins.pow(base, exp, mod)

    def iter(*args):
        """iter(callable, sentinel) calls from C, where Ctrl-C and --timeout cannot stop it: its items pass
        through a Python generator."""
        return builtins.iter(*args) if len(args) < 2 else python_level(builtins.iter(*args))

    def type(obj, /):
        """The one-argument form only: type(name, bases, namespace) would build a class past make_class."""
        return class_of(obj)

    def setattr(obj, name, value, /):
        """`obj.name = value` spelt as a call: the same attribute policy."""
        set_attribute(obj, _attribute_name(name), value)

    def delattr(obj, name, /):
        """`del obj.name` spelt as a call: the same attribute policy."""
        delete_attribute(obj, _attribute_name(name))

    def getattr(obj, name, *default):
        """`obj.name` spelt as a call: the same attribute policy; a default answers an AttributeError."""
        if len(default) > 1:
            raise TypeError(f"getattr expected at most 3 arguments, got {2 + len(default)}")
        try:
            return get_attribute(obj, _attribute_name(name))
        except AttributeError:
            if default:
                return default[0]
            raise

    def hasattr(obj, name, /):
        try:
            get_attribute(obj, _attribute_name(name))
        except AttributeError:
            return False
        return True

    for function in (print, pow, iter, type, setattr, delattr, getattr, hasattr):
        function.__qualname__ = function.__name__  # error messages say print(), as Python's do
        table[function.__name__] = BuiltinFunction(function.__name__, function)
    return table


def _attribute_name(name):
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    return name


def star_imported(builtin_names):
    """torch's star-imported names, except those a builtin keeps (torch exports max, sum, float, ...), unread:
    {name: torch} (scopes.ModuleScope reads each at its first use)."""
    torch = language_module("torch")
    return dict.fromkeys((name for name in torch.public_names() if name not in builtin_names), torch)


def modules_and_name():
    """What a script starts with besides torch's names: torch, F, and __name__."""
    return {"torch": language_module("torch"), "F": language_module("torch.nn.functional"),
            "__name__": "__main__"}  # scripts guarded by `if __name__ == "__main__":` run, as with python
