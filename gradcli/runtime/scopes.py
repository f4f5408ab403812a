"""Where names live: the module's variables (over the builtins), and each function call's locals.

A function's locals are fixed when it is defined (every name its body binds), as in Python: reading one
before it is bound is an UnboundLocalError, not a fall-through to an outer scope.
"""

from __future__ import annotations


class ModuleScope:
    __slots__ = ("variables", "builtins")

    def __init__(self, variables, builtins):
        self.variables = variables
        self.builtins = builtins

    def load(self, name):
        try:
            return self.variables[name]
        except KeyError:
            pass
        try:
            return self.builtins[name]
        except KeyError:
            raise NameError(f"name '{name}' is not defined", name=name) from None

    def store(self, name, value):
        self.variables[name] = value

    def delete(self, name):
        try:
            del self.variables[name]
        except KeyError:
            raise NameError(f"name '{name}' is not defined", name=name) from None

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
                try:
                    return scope.variables[name]
                except KeyError:
                    if scope is self:
                        raise UnboundLocalError(f"cannot access local variable '{name}' where it is not "
                                                "associated with a value") from None
                    raise NameError(f"cannot access free variable '{name}' where it is not associated with a "
                                    "value in enclosing scope", name=name) from None
            scope = scope.parent
        return scope.load(name)

    def store(self, name, value):
        self.variables[name] = value

    def delete(self, name):
        try:
            del self.variables[name]
        except KeyError:
            raise UnboundLocalError(f"cannot access local variable '{name}' where it is not associated with a "
                                    "value") from None

    def discard(self, name):
        self.variables.pop(name, None)

    def inner_qualname(self, name):
        return f"{self.qualname}.<locals>.{name}"
