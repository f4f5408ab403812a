"""Values that exist only inside scripts: functions defined by `def`/`lambda`, built-in functions that
gradcli provides itself, and modules as a script sees them (only the names the language offers)."""

from __future__ import annotations

import types
from typing import NamedTuple


class UserFunction:
    """A function a script defined. Private slots keep its insides out of the script's reach.

    Stored on a class it is a method: `__get__` binds it to the instance, as Python binds its functions,
    so Python's own machinery (a host base class's __call__, len(), repr()) calls it like any method.
    """

    __slots__ = ("__name__", "__qualname__", "_signature", "_defaults", "_body", "_local_names", "_global_names",
                 "_scope", "_interpreter", "_is_lambda", "_is_generator", "_class", "__weakref__")

    def __init__(self, qualname, signature, defaults, body, local_names, global_names, scope, interpreter,
                 is_lambda, is_generator):
        # Python's own names, for its reprs (a bound method's) and functools.wraps; scripts read no dunders
        self.__qualname__ = qualname
        self.__name__ = qualname.rsplit(".", 1)[-1]
        self._signature = signature      # the parameters' names by kind: a Signature
        self._defaults = defaults        # name -> default value, evaluated when the function was defined
        self._body = body                # statements, or one expression for a lambda
        self._local_names = local_names
        self._global_names = global_names
        self._scope = scope              # the scope it was defined in: its closure
        self._interpreter = interpreter
        self._is_lambda = is_lambda
        self._is_generator = is_generator
        self._class = None               # the class whose body defined it: what super() without arguments uses

    def __call__(self, *args, **kwargs):
        """Called from Python code (engine hooks, `max(key=...)`); the interpreter calls it directly."""
        return self._interpreter.call_function(self, args, kwargs)

    def __get__(self, instance, owner=None):
        return self if instance is None else types.MethodType(self, instance)

    def __repr__(self):
        return f"<function {self.__qualname__} at {id(self):#x}>"


class Signature(NamedTuple):
    """A script function's parameters: `def f(a, b=1, *args, c, d=2, **kwargs)`."""
    positional: tuple      # a, b
    star: str | None       # args
    keyword_only: tuple    # c, d
    double_star: str | None  # kwargs


class BuiltinFunction:
    """A built-in that gradcli implements itself (print, pow), shown as Python shows its built-ins."""

    __slots__ = ("_name", "_function")

    def __init__(self, name, function):
        self._name = name
        self._function = function

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __repr__(self):
        return f"<built-in function {self._name}>"


class Deferred:
    """A member that its Python module makes at the first read (PEP 562's module __getattr__): a module of the
    language reads it when a script first does."""

    __slots__ = ("module", "name")

    def __init__(self, module, name):
        self.module, self.name = module, name


class LangModule:
    """A module as scripts see it: a fixed table of members, of which only the `settable` flags (such as
    torch.backends.cudnn.deterministic, which a CPU run ignores) take new values. Given `load` instead of
    members, it fills the table at the first read (load() returns the members and the settable flags): the
    Python module behind it is imported only when a script uses it."""

    __slots__ = ("_name", "_members", "settable", "_load")

    def __init__(self, name, members=None, settable=(), load=None):
        self._name = name
        self._members = {} if members is None else members
        self.settable = frozenset(settable)
        self._load = load

    def _loaded(self):
        if self._load is not None:
            members, settable = self._load()
            self._members.update(members)
            self.settable = frozenset(settable)
            self._load = None
        return self._members

    def set_flag(self, name, value):
        self._loaded()  # the settable flags come with the members
        if name not in self.settable:
            raise AttributeError(f"'module' object attribute '{name}' is read-only")
        self._members[name] = value

    def member(self, name):
        if name not in self._members and name not in self._loaded():  # raised outside any `except`, so it
            raise AttributeError(f"module '{self._name}' has no attribute '{name}'", name=name, obj=self)  # (chains
            # as Python's would: raised outside any `except`)
        value = self._members[name]
        if type(value) is Deferred:
            value = self._members[name] = getattr(value.module, value.name)
        return value

    def public_names(self):
        return list(self._loaded())

    def with_members(self, members):
        """This module with `members` in place of its own of those names; its other members are read, as
        here, at their first read (a copy of its table, without its settable flags)."""
        return LangModule(self._name, {**self._loaded(), **members})

    def searched_names(self):
        """The names Python's "Did you mean" would search in the real module: dir() of torch 2.13's lists 1,495,
        more than it searches (suggestions.MAX_CANDIDATE_ITEMS), so none for torch itself."""
        return [] if self._name == "torch" else sorted(self._loaded())

    def __repr__(self):
        return f"<module '{self._name}'>"
