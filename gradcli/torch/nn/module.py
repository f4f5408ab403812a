"""torch.nn.Module: parameters and sub-modules registered by attribute assignment, as torch does it.

An ordinary Python class (scripts subclass it): the behaviour lives in __init__, __setattr__, __getattr__
and __call__, so a subclass's forward and attributes work exactly as in torch.
"""

import collections

from gradcli.engine import dtypes
from gradcli.engine.grad_mode import no_grad
from gradcli.engine.tensor import RemovableHandle, Tensor

from .parameter import Parameter


def _addindent(text, spaces):
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


class _IncompatibleKeys(collections.namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


class Module:
    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        if "_forward_hooks" not in self.__dict__:  # (no hook was ever registered: the common case, one lookup)
            return self.forward(*args, **kwargs)
        for hook, with_kwargs in tuple(self._forward_pre_hooks):
            if with_kwargs:
                changed = hook(self, args, kwargs)
                if changed is not None:
                    if not (isinstance(changed, tuple) and len(changed) == 2):
                        raise RuntimeError("forward pre-hook must return None or a tuple of (new_args, new_kwargs), "
                                           f"but got {changed}.")
                    args, kwargs = changed
            else:
                changed = hook(self, args)
                if changed is not None:
                    args = changed if isinstance(changed, tuple) else (changed,)
        result = self.forward(*args, **kwargs)
        for hook, with_kwargs in tuple(self._forward_hooks):
            changed = hook(self, args, kwargs, result) if with_kwargs else hook(self, args, result)
            if changed is not None:
                result = changed
        return result

    # ---- forward hooks: torch.nn.Module's, called around forward by __call__ --------------------------------
    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """hook(module, args) before forward (with_kwargs: hook(module, args, kwargs)); a result replaces the
        arguments."""
        return self._add_hook("_forward_pre_hooks", hook, prepend, with_kwargs)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False):
        """hook(module, args, output) after forward (with_kwargs: hook(module, args, kwargs, output)); a result
        replaces the output."""
        return self._add_hook("_forward_hooks", hook, prepend, with_kwargs)

    def _add_hook(self, kind, hook, prepend, with_kwargs):
        if "_forward_hooks" not in self.__dict__:  # the module's first hook: __call__ reads both lists from now on
            object.__setattr__(self, "_forward_hooks", [])
            object.__setattr__(self, "_forward_pre_hooks", [])
        hooks, entry = self.__dict__[kind], (hook, bool(with_kwargs))
        hooks.insert(0, entry) if prepend else hooks.append(entry)
        return RemovableHandle(hooks, entry)

    # ---- registration by attribute assignment ---------------------------------------------------------
    def __getattr__(self, name):
        for store in ("_parameters", "_buffers", "_modules"):
            found = self.__dict__.get(store)
            if found is not None and name in found:
                return found[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._forget(name, params)
            params[name] = value
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            params[name] = None
        elif isinstance(value, Module):
            if params is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self._forget(name, self._modules)
            self._modules[name] = value
        elif params is not None and name in self._modules:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                "(torch.nn.Module or None expected)")
            self._modules[name] = None
        elif params is not None and name in self._buffers:
            self._buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    def __delattr__(self, name):
        for store in (self._parameters, self._buffers, self._modules):
            if name in store:
                del store[name]
                return
        object.__delattr__(self, name)

    def _forget(self, name, kept):
        """A name moving to the registry `kept` leaves the others (and the plain attributes); in `kept` a value
        replaced keeps its place, as in torch (a layer replaced stays where it was in parameters() and the repr)."""
        self.__dict__.pop(name, None)
        for store in (self._parameters, self._buffers, self._modules):
            if store is not kept:
                store.pop(name, None)

    def register_parameter(self, name, param):
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        self._forget(name, self._parameters)
        self._parameters[name] = param

    def register_buffer(self, name, tensor, persistent=True):
        self._forget(name, self._buffers)
        self._buffers[name] = tensor

    def add_module(self, name, module):
        self._forget(name, self._modules)
        self._modules[name] = module

    register_module = add_module

    def get_submodule(self, target):
        module = self
        for item in target.split(".") if target else ():
            if item not in module._modules:
                raise AttributeError(module._get_name() + " has no attribute `" + item + "`")
            module = module._modules[item]
        return module

    # ---- walking the tree ---------------------------------------------------------------------------------
    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        memo = set() if memo is None else memo
        if self in memo and remove_duplicate:
            return
        memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is not None:
                yield from module.named_modules(memo, prefix + ("." if prefix else "") + name, remove_duplicate)

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_children(self):
        seen = set()
        for name, module in self._modules.items():
            if module is not None and module not in seen:
                seen.add(module)
                yield name, module

    def children(self):
        for _, module in self.named_children():
            yield module

    def _named_members(self, store, prefix, recurse):
        seen = set()
        owners = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for owner_prefix, owner in owners:
            for name, value in getattr(owner, store).items():
                if value is None or id(value) in seen:
                    continue
                seen.add(id(value))
                yield owner_prefix + ("." if owner_prefix else "") + name, value

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        return self._named_members("_parameters", prefix, recurse)

    def parameters(self, recurse=True):
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        return self._named_members("_buffers", prefix, recurse)

    def buffers(self, recurse=True):
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    # ---- training state ---------------------------------------------------------------------------------------
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        for module in self.modules():
            object.__setattr__(module, "training", mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for param in self.parameters():
            param.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        zero_grads(self.parameters(), set_to_none)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # ---- saving and loading -------------------------------------------------------------------------------------
    def state_dict(self, destination=None, prefix="", keep_vars=False):
        destination = collections.OrderedDict() if destination is None else destination
        for name, value in self._parameters.items():
            if value is not None:
                destination[prefix + name] = value if keep_vars else value.detach()
        for name, value in self._buffers.items():
            if value is not None:
                destination[prefix + name] = value if keep_vars else value.detach()
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination, prefix + name + ".", keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True, assign=False):
        own = self.state_dict(keep_vars=True)
        missing = [key for key in own if key not in state_dict]
        unexpected = [key for key in state_dict if key not in own]
        errors = []
        with no_grad():
            for key, target in own.items():
                if key not in state_dict:
                    continue
                source = state_dict[key]
                if source.shape != target.shape:
                    errors.append(f"size mismatch for {key}: copying a param with shape {source.shape} from "
                                  f"checkpoint, the shape in current model is {target.shape}.")
                    continue
                target.copy_(source)
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in unexpected)))
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in missing)))
        if errors:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(type(self).__name__,
                                                                                   "\n\t".join(errors)))
        return _IncompatibleKeys(missing, unexpected)

    # ---- dtype and device -------------------------------------------------------------------------------------------
    def to(self, *args, **kwargs):
        """Parameters are converted in place (their .data), as torch's Module.to does."""
        for tensor in list(self.parameters()) + list(self.buffers()):
            converted = tensor.to(*args, **kwargs)
            if converted is not tensor:
                tensor.data = converted
        return self

    def cpu(self):
        return self

    def cuda(self, device=None):
        for tensor in self.parameters():
            tensor.cuda()
        return self

    def float(self):
        return self._cast_floats(dtypes.float32)

    def double(self):
        return self._cast_floats(dtypes.float64)

    def _cast_floats(self, dtype):
        for tensor in list(self.parameters()) + list(self.buffers()):
            if tensor.dtype.is_floating_point:
                tensor.data = tensor.to(dtype)
        return self

    # ---- printing ---------------------------------------------------------------------------------------------------
    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra_lines = self.extra_repr().split("\n") if self.extra_repr() else []
        child_lines = ["(" + key + "): " + _addindent(repr(module), 2) for key, module in self._modules.items()]
        lines = extra_lines + child_lines
        main = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main += extra_lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(self._parameters) | set(self._buffers) | set(self._modules))


def zero_grads(params, set_to_none):
    """Module.zero_grad and Optimizer.zero_grad: drop each gradient, or zero it in place."""
    for param in params:
        if param._grad is None:
            continue
        if set_to_none:
            param._grad = None
        else:
            param._grad.detach_()
            param._grad.zero_()


def _typename(value):
    if isinstance(value, Tensor):
        return "torch." + value.dtype.legacy_name
    cls = type(value)
    return cls.__qualname__ if cls.__module__ == "builtins" else cls.__module__ + "." + cls.__qualname__
