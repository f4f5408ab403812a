"""Tensor: a NumPy array with PyTorch's autograd attributes, rules and messages.

This module holds what a tensor *is*: its flags, its gradient slot, version counter, hooks and printing.
Its operations (`.sum`, `.exp`, `+`, `x[i] = v`, `.backward`, the `torch.Tensor(...)` constructor) are
attached by gradcli/engine/methods.py: the ops declared with a method in gradcli/engine/ops, and a table
of operators, in-place methods and conversions.
"""

import warnings

import numpy as np

from . import dtypes, grad_mode, graph
from .graph import AccumulateGrad, current_location, engine_error
from .printing import size_repr, tensor_repr

NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be "
    "populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf "
    "Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure "
    "you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more information. "
    "(Triggered internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")

SCALAR_OF_GRAPH_WARNING = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)")
_warned_once = set()


def warn_once(message, stacklevel=2):
    """torch's TORCH_WARN_ONCE: a warning shown the first time its code runs in a process, never again."""
    if message not in _warned_once:
        _warned_once.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)


def forget_warnings_once():
    """A new calculation, as a new torch process would start: each warn_once warning may show again."""
    _warned_once.clear()


class Size(tuple):
    """torch.Size: a tuple that prints as torch.Size([2, 3])."""

    def __repr__(self):
        return size_repr(self)

    __str__ = __repr__

    def numel(self):
        return int(np.prod(self, dtype=np.int64))


class Tensor:
    __module__ = "torch"  # type(x) prints <class 'torch.Tensor'>, as torch's does
    # The hot fields are slots (_location: where the tensor was made or last written in place, when a front
    # end asks; else None); rarely set ones live in the instance dict, with class-level defaults, so creating
    # a tensor (once per op) stores only what every tensor has.
    __slots__ = ("_data", "_requires_grad", "grad_fn", "_version_counter", "_location", "__dict__", "__weakref__")
    _grad = None
    _base = None            # the tensor whose storage a view shares
    _storage = None         # the TypedStorage x.storage() returns for the memory x owns (storage.py)
    _accumulator = None     # the AccumulateGrad node of a leaf, made on first use
    _hooks = None
    _post_accumulate_hooks = None
    _retains_grad = False
    _is_param = False       # a torch.nn.Parameter (see gradcli/torch/nn/parameter.py)
    _uninitialized = False  # a lazy module's parameter before its first call (torch's UninitializedParameter)
    _tangent = None         # forward-mode AD (forward.py): the tangent, and the dual level it belongs to
    _tangent_level = None

    # NumPy must defer to Tensor's reflected operators (np.float64(2) * t is a Tensor, not an array).
    __array_priority__ = 1000

    # ---- flags -------------------------------------------------------------------------------------
    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, flag):
        self.requires_grad_(flag, "only Tensors of floating point and complex dtype can require gradients")

    def requires_grad_(self, requires_grad=True, _message="only Tensors of floating point dtype can require gradients"):
        if self.grad_fn is not None:
            if not requires_grad:
                raise engine_error(
                    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().",
                    "non_leaf_requires_grad", tensor=self)
            return self
        if requires_grad and not self.dtype.is_floating_point:
            raise RuntimeError(_message)  # torch words it differently for the setter and the method
        self._requires_grad = bool(requires_grad)
        return self

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def dtype(self):
        return dtypes.from_numpy(self._data.dtype)

    @property
    def device(self):
        return CPU

    is_cuda = False

    def cpu(self):
        return self

    def cuda(self, device=None, non_blocking=False):
        raise AssertionError(NO_CUDA)

    def is_floating_point(self):
        return self.dtype.is_floating_point

    def type(self, dtype=None):
        """The type's name ('torch.FloatTensor'), or x converted to a dtype, a legacy type (torch.FloatTensor)
        or a legacy type's name."""
        if dtype is None:
            return "torch." + self.dtype.legacy_name
        if isinstance(dtype, str):
            dtype = dtypes.from_legacy_name(dtype)
        return self.to(getattr(dtype, "dtype", dtype))

    @property
    def _version(self):
        counter = self._version_counter
        return counter[0] if counter is not None else 0

    def _shared_counter(self):
        """The version counter, a one-element list that views and aliases share, made when first needed: most
        tensors are never aliased nor written in place, and stay at version 0 without one."""
        counter = self._version_counter
        if counter is None:
            counter = self._version_counter = [0]
        return counter

    # ---- gradient slot -------------------------------------------------------------------------------
    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains_grad:
            warnings.warn(NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type "
                                f"{type(value).__name__}")
            if value.shape != self.shape:
                raise RuntimeError(f"attempting to assign a gradient of size '{list(value.shape)}' to a tensor of size "
                                   f"'{list(self.shape)}'. Please ensure that the gradient and the tensor are the same size")
            if value.dtype is not self.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{value.dtype.c_name}' to a tensor with grad_dtype "
                    f"'{self.dtype.legacy_name[:-6]}'. The gradient must match the tensor's grad_dtype (defaults to the "
                    "tensor's dtype). You can set the tensor's grad_dtype attribute with a specific dtype, or None to "
                    "allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may "
                    "break downstream systems that assume they match.")
        self._grad = value

    @grad.deleter
    def grad(self):
        self._grad = None

    def retain_grad(self):
        if self.grad_fn is None:
            if not self._requires_grad:
                raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
            return
        self._retains_grad = True
        self.grad_fn.retained = self

    @property
    def retains_grad(self):
        return self._retains_grad

    def register_hook(self, hook):
        """Call hook(grad) when this tensor's gradient is computed; a non-None result replaces the gradient."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is None:
            hooks = self._hooks = self._hooks or []
        else:
            hooks = self.grad_fn.pre_hooks = self.grad_fn.pre_hooks or []
        hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def register_post_accumulate_grad_hook(self, hook):
        """Call hook(tensor) after backward() has accumulated this leaf's gradient into .grad."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        hooks = self._post_accumulate_hooks = self._post_accumulate_hooks or []
        hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def _grad_accumulator(self):
        acc = self._accumulator
        if acc is None:
            acc = self._accumulator = AccumulateGrad(self)
        return acc

    # ---- data access ----------------------------------------------------------------------------------
    @property
    def data(self):
        return _make(self._data)

    @data.setter
    def data(self, value):
        self._data = value._data

    def detach(self):
        return _alias(self, self._data)

    def detach_(self):
        if self.grad_fn is not None and self._base is not None:
            raise RuntimeError("Can't detach views in-place. Use detach() instead.")
        self.grad_fn = None
        self._requires_grad = False
        return self

    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted to Scalar")
        return self._data.item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self):
        if self._requires_grad:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
        return self._data

    # ---- shape ------------------------------------------------------------------------------------------
    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return Size(self._data.shape)
        return self._data.shape[self._dim(dim)]

    def dim(self):
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self):
        return self._data.ndim

    def numel(self):
        return self._data.size

    nelement = numel

    def element_size(self):
        return self._data.itemsize

    # ---- memory layout: elements, as torch counts them over a view's shared storage -------------------------
    def stride(self, dim=None):
        steps = tuple(step // self._data.itemsize for step in self._data.strides)
        return steps if dim is None else steps[self._dim(dim)]

    def storage_offset(self):
        """Where a view starts in the storage it shares with its base (0 for a tensor that owns its memory)."""
        if self._base is None:
            return 0
        return (self.data_ptr() - self._base.data_ptr()) // self._data.itemsize

    def data_ptr(self):
        return self._data.__array_interface__["data"][0]

    def _dim(self, dim):
        """Wrap a possibly negative dim, with torch's IndexError when it is out of range."""
        ndim = max(self._data.ndim, 1)
        if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
            raise TypeError(f"dim must be an int, not {type(dim).__name__}")
        if not -ndim <= dim < ndim:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {dim})")
        return dim % ndim

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (self[i] for i in range(self._data.shape[0]))

    # ---- Python conversions --------------------------------------------------------------------------------
    def _scalar(self, kind):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return kind(self._data.reshape(()).item())

    def __float__(self):
        if self._requires_grad and grad_mode.state.enabled:  # torch warns only where autograd records
            warn_once(SCALAR_OF_GRAPH_WARNING)
        return self._scalar(float)

    def __int__(self):
        return self._scalar(int)  # torch's int() does not warn

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()).item())

    def __index__(self):
        if self.dtype.is_floating_point or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._data.reshape(()).item())

    __hash__ = object.__hash__

    # ---- printing --------------------------------------------------------------------------------------------
    def __repr__(self):
        if self._uninitialized:
            return "<UninitializedParameter>"
        grad_fn = self.grad_fn
        tangent = grad_mode.tangent_of(self)
        text = tensor_repr(self._data, self.dtype.name,
                           requires_grad=self._requires_grad and grad_fn is None,
                           grad_fn=type(grad_fn).__name__ if grad_fn is not None else None,
                           tangent=f"{tangent}" if tangent is not None else None)
        return "Parameter containing:\n" + text if self._is_param else text

    __str__ = __repr__

    def __format__(self, spec):
        if self._data.ndim == 0:
            return format(self._data.item(), spec)
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return repr(self)

    # ---- in-place writes ---------------------------------------------------------------------------------------
    def _check_inplace(self):
        """torch's rules for writing into a tensor while autograd may be watching."""
        if not grad_mode.state.enabled:
            return
        if self.grad_fn is None and self._requires_grad:
            raise engine_error("a leaf Variable that requires grad is being used in an in-place operation.",
                               "inplace_leaf", tensor=self)
        base = self._base
        if base is not None and base.grad_fn is None and base._requires_grad:
            raise engine_error("a view of a leaf Variable that requires grad is being used in an in-place operation.",
                               "inplace_leaf", tensor=base)

    def _bump_version(self):
        self._shared_counter()[0] += 1
        self._location = current_location()  # where it was last written: a front end cites it in hints


DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia",
                "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")
NO_CUDA = "Torch not compiled with CUDA enabled"


class Device:
    """torch.device. gradcli computes on the CPU only: other devices can be named, not used."""

    def __init__(self, type, index=None):
        if isinstance(type, Device):
            type, index = type.type, type.index
        elif ":" in type:
            type, number = type.split(":", 1)
            index = int(number)
        if type not in DEVICE_TYPES:
            raise RuntimeError(f"Expected one of {', '.join(DEVICE_TYPES)} device type at start of device string: {type}")
        self.type, self.index = type, index

    def __repr__(self):
        index = f", index={self.index}" if self.index is not None else ""
        return f"device(type='{self.type}'{index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        return isinstance(other, Device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


CPU = Device("cpu")


def check_device(device):
    """A device= argument: the CPU is fine; torch without CUDA refuses CUDA with this AssertionError."""
    if device is not None and Device(device).type != "cpu":
        raise AssertionError(NO_CUDA)


class RemovableHandle:
    __slots__ = ("_hooks", "_hook")

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self):
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)

    def __repr__(self):
        return f"<torch.utils.hooks.RemovableHandle object at {id(self):#x}>"


_new = object.__new__


def _make(data):
    """A new Tensor over `data` (an ndarray; NumPy scalars are wrapped), without copying: no history, at version
    0 (no counter until one is needed: see Tensor._shared_counter)."""
    t = _new(Tensor)
    t._data = data if type(data) is np.ndarray else np.asarray(data)
    t._requires_grad = False
    t.grad_fn = None
    t._version_counter = None
    hook = graph._location_hook
    t._location = hook() if hook is not None else None
    return t


def _alias(of, data, base=None):
    """A new Tensor over `data`, memory that tensor `of` also reads (of's data, or a view of it): it shares
    of's version counter; `base`: the tensor that owns the memory, for a view."""
    t = _make(data)
    t._version_counter = of._shared_counter()
    if base is not None:
        t._base = base
    return t
