"""Sequential and ModuleList: modules holding modules by position."""

from .module import Module, _addindent


class _Positional(Module):
    """What Sequential and ModuleList share: sub-modules named '0', '1', ... in order."""

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self


class Sequential(_Positional):
    def __init__(self, *modules):
        super().__init__()
        if len(modules) == 1 and isinstance(modules[0], dict):
            for name, module in modules[0].items():
                self.add_module(name, module)
        else:
            for index, module in enumerate(modules):
                self.add_module(str(index), module)

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input

    def __getitem__(self, index):
        modules = list(self._modules.items())
        if isinstance(index, slice):
            return Sequential(dict(modules[index]))
        return modules[_index(index, len(modules))][1]


class ModuleList(_Positional):
    def __init__(self, modules=None):
        super().__init__()
        for module in modules or ():
            self.append(module)

    def extend(self, modules):
        for module in modules:
            self.append(module)
        return self

    def __getitem__(self, index):
        modules = list(self._modules.values())
        if isinstance(index, slice):
            return ModuleList(modules[index])
        return modules[_index(index, len(modules))]

    def __repr__(self):
        """Runs of equal reprs are compressed to '(i-j): n x repr', as torch prints them."""
        reprs = [repr(module) for module in self]
        if not reprs:
            return self._get_name() + "()"
        runs = []  # [start, end, repr]
        for i, text in enumerate(reprs):
            if runs and runs[-1][2] == text:
                runs[-1][1] = i
            else:
                runs.append([i, i, text])
        lines = [_addindent(f"({start}): {text}" if start == end else f"({start}-{end}): {end - start + 1} x {text}", 2)
                 for start, end, text in runs]
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"


def _index(index, length):
    if not -length <= index < length:
        raise IndexError(f"index {index} is out of range")
    return index % length
