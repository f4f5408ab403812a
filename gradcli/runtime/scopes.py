"""Where names live: the module's variables (over the builtins), and each function call's locals.

A function's locals are fixed when it is defined (every name its body binds), as in Python: reading one
before it is bound is an UnboundLocalError, not a fall-through to an outer scope.

Errors are raised outside `except` blocks, so that an error inside a script's own `except` clause
chains to the exception being handled, as Python's do.
"""

from __future__ import annotations

UNBOUND = object()


class ModuleScope:
    __slots__ = ("variables", "builtins")

    def __init__(self, variables, builtins):
        self.variables = variables
        self.builtins = builtins

    def load(self, name):
        value = self.variables.get(name, UNBOUND)
        if value is UNBOUND:
            value = self.builtins.get(name, UNBOUND)
            if value is UNBOUND:
                raise NameError(f"name '{name}' is not defined", name=name)
        return value

    def store(self, name, value):
        self.variables[name] = value

    def delete(self, name):
        if self.variables.pop(name, UNBOUND) is UNBOUND:
            raise NameError(f"name '{name}' is not defined", name=name)

    def discard(self, name):
        self.variables.pop(name, None)

    def inner_qualname(self, name):
        return name


class FunctionScope:
    __slots__ = ("variables", "local_names", "parent", "qualname")

    def __init__(self, variables, local_names, parent, qualname):
        self.variables = variables
        self.local_names = local_names
        self.parent = parent        # the scope the function was defined in
        self.qualname = qualname

    def load(self, name):
        scope = self
        while type(scope) is FunctionScope:
            if name in scope.local_names:
                value = scope.variables.get(name, UNBOUND)
                if value is not UNBOUND:
                    return value
                if scope is self:
                    raise _unbound_local(name)
                raise NameError(f"cannot access free variable '{name}' where it is not associated with a value "
                                "in enclosing scope", name=name)
            scope = scope.parent
        return scope.load(name)

    def store(self, name, value):
        self.variables[name] = value

    def delete(self, name):
        if self.variables.pop(name, UNBOUND) is UNBOUND:
            raise _unbound_local(name)

    def discard(self, name):
        self.variables.pop(name, None)

    def inner_qualname(self, name):
        return f"{self.qualname}.<locals>.{name}"


def _unbound_local(name):
    return UnboundLocalError(f"cannot access local variable '{name}' where it is not associated with a value")
