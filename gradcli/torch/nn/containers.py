"""Containers: Sequential and ModuleList (modules by position), ModuleDict (modules by name), ParameterList and
ParameterDict (parameters by position and by name), as torch/nn/modules/container.py."""

import collections
import operator

from gradcli.engine.tensor import Tensor

from .module import Module, _addindent
from .parameter import Parameter


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


class _Named(Module):
    """What ModuleDict and ParameterDict share: a mapping's protocol over the names `_names()` holds in order,
    and update (torch's messages name the class as _KIND, the update's as _UPDATE; _SORTED: a plain dict's keys
    are sorted first)."""

    def __len__(self):
        return len(self._names())

    def __iter__(self):
        return iter(self._names())

    def __contains__(self, key):
        return key in self._names()

    def keys(self):
        return self._names().keys()

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def clear(self):
        for key in list(self._names()):
            del self[key]

    def update(self, entries):
        if not isinstance(entries, collections.abc.Iterable):
            raise TypeError(f"{self._UPDATE}.update should be called with an iterable of key/value pairs, but got " +
                            type(entries).__name__)
        for key, value in _pairs(entries, self._KIND, self._SORTED):
            self[key] = value


class ModuleDict(_Named):
    """Sub-modules by name, in insertion order; iterating gives the names."""

    _KIND = _UPDATE = "ModuleDict"
    _SORTED = False

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def _names(self):
        return self._modules

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()



def _pairs(entries, container, sort):
    """The (key, value) pairs of a mapping (a plain dict's sorted by key where `sort`) or of an iterable of pairs,
    checked with torch's messages."""
    if isinstance(entries, (collections.OrderedDict, ModuleDict, ParameterDict)):
        return list(entries.items())
    if isinstance(entries, collections.abc.Mapping):
        return sorted(entries.items()) if sort else list(entries.items())
    pairs = []
    for j, pair in enumerate(entries):
        if not isinstance(pair, collections.abc.Iterable):
            raise TypeError(f"{container} update sequence element #{j} should be Iterable; is" +
                            type(pair).__name__)
        if not len(pair) == 2:
            raise ValueError(f"{container} update sequence element #{j} has length {len(pair)}; 2 is required")
        pairs.append((pair[0], pair[1]))
    return pairs


def _as_parameter(value):
    """A tensor stored in a ParameterList or ParameterDict becomes a Parameter (other objects stay as they are)."""
    return Parameter(value) if isinstance(value, Tensor) and not isinstance(value, Parameter) else value


def _parameter_line(key, value, type_name):
    """One line of a ParameterList's or ParameterDict's repr."""
    if not isinstance(value, Tensor):
        return f"  ({key}): Object of type: {type(value).__name__}"
    kind = "Parameter" if isinstance(value, Parameter) else "Tensor"
    size = "x".join(str(n) for n in value.size())
    return f"  ({key}): {kind} containing: [{type_name(value)} of size {size}]"


class ParameterList(Module):
    """Parameters by position, registered as '0', '1', ...; a tensor given becomes a Parameter."""

    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def _key(self, index):
        index = operator.index(index)
        if not -len(self) <= index < len(self):
            raise IndexError(f"index {index} is out of range")
        return str(index % len(self))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return ParameterList([self[i] for i in range(len(self))[index]])
        return getattr(self, self._key(index))

    def __setitem__(self, index, value):
        setattr(self, self._key(index), _as_parameter(value))

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter(self[i] for i in range(len(self)))

    def __iadd__(self, values):
        return self.extend(values)

    def append(self, value):
        self._size += 1
        self[self._size - 1] = value
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        return "\n".join(_parameter_line(k, value, lambda t: str(t.dtype)) for k, value in enumerate(self))


class ParameterDict(_Named):
    """Parameters by (string) name, in insertion order; a tensor given becomes a Parameter."""

    _KIND, _UPDATE = "ParameterDict", "ParametersDict"
    _SORTED = True

    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def _names(self):
        return self._keys

    @staticmethod
    def _attribute(key):
        if not isinstance(key, str):
            raise TypeError("Index given to ParameterDict cannot be used as a key as it is not a string (type is "
                            f"'{type(key).__name__}'). Open an issue on github if you need non-string keys.")
        return key

    def __getitem__(self, key):
        return getattr(self, self._attribute(key))

    def __setitem__(self, key, value):
        self._keys[key] = None
        setattr(self, self._attribute(key), _as_parameter(value))

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, self._attribute(key))

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def get(self, key, default=None):
        return self[key] if key in self else default

    def items(self):
        return ((key, self[key]) for key in self._keys)

    def values(self):
        return (self[key] for key in self._keys)

    def extra_repr(self):
        return "\n".join(_parameter_line(key, value, lambda t: t.type()) for key, value in self.items())


def _index(index, length):
    if not -length <= index < length:
        raise IndexError(f"index {index} is out of range")
    return index % length
