"""Where names live: the module's variables (over the builtins), and each function call's locals.

A function's locals are fixed when it is defined (every name its body binds), as in Python: reading one
before it is bound is an UnboundLocalError, not a fall-through to an outer scope.

Errors are raised outside `except` blocks, so that an error inside a script's own `except` clause
chains to the exception being handled, as Python's do.
"""

from __future__ import annotations

UNBOUND = object()


class _Namespace:
    """A scope whose names are one dict's keys: the module's, a class body's."""

    __slots__ = ()

    def store(self, name, value):
        self.variables[name] = value

    def delete(self, name):
        if self.variables.pop(name, UNBOUND) is UNBOUND:
            raise not_defined(name, self)

    def discard(self, name):
        self.variables.pop(name, None)


class ModuleScope(_Namespace):
    """The module's variables, over the builtins. `unread` ({name: a module of the language}) holds names the
    module starts with bound to that module's member of the same name (a script's `from torch import *`),
    until their first read, which puts the member in `variables`, or their deletion: reading all of torch's at
    the start would import every engine family that loads at the first read of a name of its own."""

    __slots__ = ("variables", "builtins", "unread")

    def __init__(self, variables, builtins, unread=None):
        self.variables = variables
        self.builtins = builtins
        self.unread = {} if unread is None else unread

    def load(self, name, frame=None):
        """The value of `name`; `frame`, the function scope that looked it up here, if one did."""
        value = self.variables.get(name, UNBOUND)
        if value is UNBOUND:
            # the builtins before the unread names (they have none in common): a loop reads builtins again
            # and again, an unread name once
            value = self.builtins.get(name, UNBOUND)
            if value is UNBOUND:
                value = self.bound(name)
                if value is UNBOUND:
                    raise not_defined(name, frame or self)
        return value

    def bound(self, name):
        """The value the module binds to `name`, or UNBOUND (no builtin): an unread name is read now."""
        value = self.variables.get(name, UNBOUND)
        if value is UNBOUND and name in self.unread:
            value = self.variables[name] = self.unread[name].member(name)
            del self.unread[name]
        return value

    def names(self):
        """The names the module binds, read or not."""
        return [*self.variables, *(name for name in self.unread if name not in self.variables)]

    def delete(self, name):
        # an assignment to an unread name leaves it in `unread`, under the variable: both go
        bound = self.variables.pop(name, UNBOUND) is not UNBOUND
        if self.unread.pop(name, None) is None and not bound:
            raise not_defined(name, self)

    def discard(self, name):
        self.variables.pop(name, None)
        self.unread.pop(name, None)

    def inner_qualname(self, name):
        return name

    def module(self):
        return self

    def closure(self):
        return self


class FunctionScope:
    """A function call's (or comprehension's) locals. Names the function declares `global` live in the
    module's scope, names it declares `nonlocal` in the enclosing function's that binds them."""

    __slots__ = ("variables", "local_names", "global_names", "parent", "qualname")

    def __init__(self, variables, local_names, parent, qualname, global_names=frozenset()):
        self.variables = variables
        self.local_names = local_names
        self.global_names = global_names
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
            scope = scope.module() if name in scope.global_names else scope.parent
        return scope.load(name, self)

    def store(self, name, value):
        if name in self.local_names:
            self.variables[name] = value
        else:
            self._owner(name).variables[name] = value

    def delete(self, name):
        owner = self._owner(name)
        if type(owner) is ModuleScope:
            owner.delete(name)
        elif owner.variables.pop(name, UNBOUND) is UNBOUND:
            if owner is self:
                raise _unbound_local(name)
            raise not_defined(name, owner)

    def discard(self, name):
        self.variables.pop(name, None)

    def _owner(self, name):
        """The scope where a name this function binds lives: its own, unless declared global or nonlocal."""
        if name in self.local_names:
            return self
        if name in self.global_names:
            return self.module()
        scope = self.parent
        while type(scope) is FunctionScope and name not in scope.local_names:
            scope = scope.parent
        return scope if type(scope) is FunctionScope else self.module()

    def module(self):
        scope = self.parent
        while type(scope) is not ModuleScope:
            scope = scope.parent
        return scope

    def inner_qualname(self, name):
        return f"{self.qualname}.<locals>.{name}"

    def closure(self):
        return self


class ClassScope(_Namespace):
    """A class body's namespace: what it binds becomes the class's attributes. Functions defined in it do
    not see it (a method reads `self.x` or `Class.x`), as in Python."""

    __slots__ = ("variables", "parent", "qualname")

    def __init__(self, parent, qualname):
        self.variables = {}
        self.parent = parent
        self.qualname = qualname

    def load(self, name):
        value = self.variables.get(name, UNBOUND)
        return self.parent.load(name) if value is UNBOUND else value


    def module(self):
        return self.parent if type(self.parent) is ModuleScope else self.parent.module()

    def inner_qualname(self, name):
        return f"{self.qualname}.{name}"

    def closure(self):
        return self.parent


def not_defined(name, scope):
    """Python's NameError for `name`, with the scope it was looked up in (the report draws its "Did you mean"
    from the scope's names, as Python's from the failing frame's)."""
    error = NameError(f"name '{name}' is not defined", name=name)
    error._scope = scope
    return error


def _unbound_local(name):
    return UnboundLocalError(f"cannot access local variable '{name}' where it is not associated with a value")
