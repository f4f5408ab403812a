"""torch.storage.TypedStorage: the one-dimensional memory a tensor and its views share, as `x.storage()`
shows it (torch 2.13 deprecates it, with one warning per process, and keeps it for the lessons on memory
layout). Reading and writing go through a flat tensor over that memory, as torch's own TypedStorage does."""

import numpy as np

from .tensor import Tensor, _make, warn_once

TYPED_STORAGE_WARNING = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage "
    "class. This should only matter to you if you are using storages directly.  To access UntypedStorage "
    "directly, use tensor.untyped_storage() instead of tensor.storage()")


def storage(tensor):
    """Tensor.storage(): the memory of the tensor whose storage this one shares (itself if it owns it).

    One TypedStorage per memory, kept on its owner: the book's `id(points.storage()) == id(points_t.storage())`
    is True under torch because CPython hands the freed temporary's address to the next one, an accident
    this interpreter's own allocations would spoil; here the same memory is the same storage object."""
    warn_once(TYPED_STORAGE_WARNING)
    owner = tensor._base if tensor._base is not None else tensor
    memory = _memory(owner)
    kept = owner._storage
    if kept is None or not _same_memory(kept._elements._data, memory):  # x.data = y, resize_ give x new memory
        kept = owner._storage = TypedStorage(memory)
    return kept


def _same_memory(a, b):
    start = a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
    return start and a.shape == b.shape and a.dtype == b.dtype


def _memory(owner):
    """The owner's elements as they lie in memory: a flat view from its lowest address to its highest."""
    data = owner._data
    if data.size == 0:
        return data.reshape(0)
    lowest = data[tuple(slice(n - 1, n) if step < 0 else slice(0, 1) for n, step in zip(data.shape, data.strides))]
    length = 1 + sum((n - 1) * abs(step) for n, step in zip(data.shape, data.strides)) // data.itemsize
    return np.lib.stride_tricks.as_strided(lowest, shape=(length,), strides=(data.itemsize,))


class TypedStorage:
    __slots__ = ("_elements", "dtype")

    def __init__(self, memory):
        self._elements = _make(memory)  # a flat tensor over the shared memory: writes land in the owner
        self.dtype = self._elements.dtype

    @property
    def device(self):
        warn_once(TYPED_STORAGE_WARNING)
        return self._elements.device

    def size(self):
        warn_once(TYPED_STORAGE_WARNING)
        return len(self._elements._data)

    def __len__(self):
        return self.size()

    def data_ptr(self):
        warn_once(TYPED_STORAGE_WARNING)
        return self._elements.data_ptr()

    def __getitem__(self, index):
        warn_once(TYPED_STORAGE_WARNING)
        if isinstance(index, slice):
            raise RuntimeError("slices are only supported in UntypedStorage.__getitem__")
        if not isinstance(index, int):
            raise RuntimeError(f"can't index a {TYPE_SHOWN} with {_type_shown(index)}")
        if type(index) is not int:
            raise TypeError(f"can't index a {TYPE_SHOWN} with {_type_shown(index)}")
        size = len(self._elements._data)
        if not -size <= index < size:
            raise IndexError(f"index {index} out of range for storage of size {size}")
        return self._elements[index].item()

    def __setitem__(self, index, value):
        warn_once(TYPED_STORAGE_WARNING)
        if not isinstance(index, (int, slice)):
            raise RuntimeError(f"can't index a {TYPE_SHOWN} with {_type_shown(index)}")
        self._elements[index] = value

    def __iter__(self):
        warn_once(TYPED_STORAGE_WARNING)
        return (self[i] for i in range(len(self._elements._data)))

    def tolist(self):
        return list(self)

    def __str__(self):
        warn_once(TYPED_STORAGE_WARNING)
        info = f"[torch.storage.TypedStorage(dtype={self.dtype}, device={self.device}) of size {len(self)}]"
        return " " + "\n ".join(str(element) for element in self) + "\n" + info

    __repr__ = __str__


TYPE_SHOWN = "<class 'torch.storage.TypedStorage'>"


def _type_shown(value):
    """type(value) as torch's message shows it."""
    return f"<class '{'torch.Tensor' if isinstance(value, Tensor) else type(value).__qualname__}'>"
