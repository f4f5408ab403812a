"""Names a package offers but defines in its submodules, each submodule imported at the first read of one
of its names (a module `__getattr__`, PEP 562): importing the package costs only what is used. This is what
keeps every command's start short: `gradcli grad` needs torch.nn.functional, not torch.nn's layers or
torch.optim, and a script that never names torch.nn loads none of it."""

import importlib
import sys


def loaded_on_first_read(package, submodules=(), names_of=None):
    """The module `__getattr__` of `package`: `submodules` are read as themselves (torch.nn.functional);
    `names_of` maps a submodule to the names it defines (torch.nn's "layers" to Linear, ReLU, ...), or a
    module named in full, with its dots (gradcli.engine.ops.convolution, to conv2d)."""
    module_of = {name: name for name in submodules}
    module_of.update((name, module) for module, names in (names_of or {}).items() for name in names)

    def __getattr__(name):
        if name not in module_of:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module_name = module_of[name]
        module = importlib.import_module(module_name if "." in module_name else f"{package}.{module_name}")
        value = module if name in submodules else getattr(module, name)
        setattr(sys.modules[package], name, value)  # kept as the package's own: later reads cost nothing
        return value

    return __getattr__


def listing(module_globals, names_of):
    """The module `__dir__` of a package whose `names_of` (as loaded_on_first_read's) load at their first read:
    its names and those (the script language lists a module's names with dir(): gradcli.runtime.sandbox)."""
    def __dir__():
        return list(dict.fromkeys([*module_globals, *(name for names in names_of.values() for name in names)]))

    return __dir__
