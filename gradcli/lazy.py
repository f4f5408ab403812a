"""Names a package offers but defines in its submodules, each submodule imported at the first read of one
of its names (a module `__getattr__`, PEP 562): importing the package costs only what is used. This is what
keeps every command's start short: `gradcli grad` needs torch.nn.functional, not torch.nn's layers or
torch.optim, and a script that never names torch.nn loads none of it."""

import importlib
import sys


def loaded_on_first_read(package, submodules=(), names_of=None):
    """The module `__getattr__` of `package`: `submodules` are read as themselves (torch.nn.functional);
    `names_of` maps a submodule to the names it defines (torch.nn's "layers" to Linear, ReLU, ...)."""
    module_of = {name: name for name in submodules}
    module_of.update((name, module) for module, names in (names_of or {}).items() for name in names)

    def __getattr__(name):
        if name not in module_of:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(f"{package}.{module_of[name]}")
        value = module if name in submodules else getattr(module, name)
        setattr(sys.modules[package], name, value)  # kept as the package's own: later reads cost nothing
        return value

    return __getattr__


def imported_at_first_call(module, name):
    """A stand-in for the function `name` of `module` that imports the module at its first call (a namespace
    whose names are all read at start, as the calculator reads torch.nn.functional's, then costs nothing more)."""
    found = []

    def function(*args, **kwargs):
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    return function
