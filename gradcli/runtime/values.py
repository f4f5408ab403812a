"""Values that exist only inside scripts: functions defined by `def`/`lambda`, built-in functions that
gradcli provides itself, and modules as a script sees them (only the names the language offers)."""

from __future__ import annotations


class UserFunction:
    """A function a script defined. Private slots keep its insides out of the script's reach."""

    __slots__ = ("_qualname", "_params", "_defaults", "_body", "_local_names", "_scope", "_interpreter",
                 "_is_lambda")

    def __init__(self, qualname, params, defaults, body, local_names, scope, interpreter, is_lambda):
        self._qualname = qualname
        self._params = params            # parameter names, in order
        self._defaults = defaults        # name -> default value, evaluated when the function was defined
        self._body = body                # statements, or one expression for a lambda
        self._local_names = local_names
        self._scope = scope              # the scope it was defined in: its closure
        self._interpreter = interpreter
        self._is_lambda = is_lambda

    def __call__(self, *args, **kwargs):
        """Called from Python code (engine hooks, `max(key=...)`); the interpreter calls it directly."""
        return self._interpreter.call_function(self, args, kwargs)

    def __repr__(self):
        return f"<function {self._qualname} at {id(self):#x}>"


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


class LangModule:
    """A module as scripts see it: a fixed table of members."""

    __slots__ = ("_name", "_members")

    def __init__(self, name, members):
        self._name = name
        self._members = members

    def member(self, name):
        if name not in self._members:  # raised outside any `except`, so it chains as Python's would
            raise AttributeError(f"module '{self._name}' has no attribute '{name}'")
        return self._members[name]

    def public_names(self):
        return list(self._members)

    def __repr__(self):
        return f"<module '{self._name}'>"
