"""What one REPL input can change, saved before it runs and put back when it fails.

Saved: the session's variables (and `_`, and which of torch's names are still unread); the items of lists
reachable from them; every tensor reachable from them, through containers, `.grad`, `._base` and the graph
(grad_fn nodes, their saved tensors, the leaves their AccumulateGrad nodes feed): its data (contents and which
array), .grad (which tensor and its contents, since backward accumulates in place), requires_grad, grad_fn,
version, retain_grad and hooks; every reachable graph node's saved tensors (a failed backward may have freed
them), its retained tensor and hooks; the grad mode and the random-number generator.

Not saved: output already printed; objects reachable only from inside a function's closure; anything past
the budget below (a session that large is told its state may be partly changed).
"""

from __future__ import annotations

import numpy as np

import gradcli.torch as torch
from gradcli.engine import grad_mode
from gradcli.engine.graph import AccumulateGrad, Node
from gradcli.engine.tensor import Tensor

MAX_SAVED_BYTES = 256 * 1024 * 1024   # array contents copied per input: several max-size tensors
MAX_SAVED_OBJECTS = 200_000          # tensors, nodes and lists walked per input
TENSOR_FIELDS = ("_data", "_grad", "_requires_grad", "grad_fn", "_retains_grad", "_hooks")
NODE_FIELDS = ("inputs", "output", "versions", "released_location", "retained", "pre_hooks")


class Snapshot:
    def __init__(self, module_scope):
        self.variables, self.unread, self.builtins = module_scope.variables, module_scope.unread, module_scope.builtins
        self.saved_variables, self.saved_unread = dict(self.variables), dict(self.unread)
        self.saved_last = self.builtins.get("_", _MISSING)
        self.grad_enabled = grad_mode.state.enabled
        self.rng_state = torch.get_rng_state()
        self.fields = []        # (object, {field: value})
        self.lists = []         # (list, its items)
        self.hook_lists = []    # (hook list, its items)
        self.counters = []      # (version counter, its value)
        self.arrays = []        # (array, a copy of its contents)
        self.saved_bytes = 0
        self.complete = True    # False when the budget stopped the walk
        self._walk([*self.saved_variables.values(), self.saved_last])

    def _walk(self, roots):
        seen = set()
        stack = list(roots)
        while stack:
            value = stack.pop()
            if id(value) in seen or not isinstance(value, (Tensor, Node, AccumulateGrad, list, tuple,
                                                           np.ndarray)):
                continue
            seen.add(id(value))
            if len(seen) > MAX_SAVED_OBJECTS:
                self.complete = False
                return
            if isinstance(value, Tensor):
                self._save_tensor(value, seen)
                stack.extend((value._grad, value._base, value.grad_fn))
            elif isinstance(value, Node):
                self._save_fields(value, NODE_FIELDS)
                if value.pre_hooks:
                    self.hook_lists.append((value.pre_hooks, list(value.pre_hooks)))
                stack.extend(value.edges)
                stack.extend(value.inputs or ())
                stack.extend((value.output, value.retained))
            elif isinstance(value, AccumulateGrad):
                stack.append(value.variable)
            elif isinstance(value, np.ndarray):
                self._save_array(value, seen)
            else:
                if isinstance(value, list):
                    self.lists.append((value, list(value)))
                stack.extend(value)

    def _save_tensor(self, tensor, seen):
        self._save_fields(tensor, TENSOR_FIELDS)
        counter = tensor._shared_counter()  # made now if need be, so that a later write can be undone
        self.counters.append((counter, counter[0]))
        if tensor._hooks:
            self.hook_lists.append((tensor._hooks, list(tensor._hooks)))
        if id(tensor._data) not in seen:
            seen.add(id(tensor._data))
            self._save_array(tensor._data, seen)

    def _save_fields(self, obj, names):
        self.fields.append((obj, {name: getattr(obj, name) for name in names}))

    def _save_array(self, array, seen):
        if not array.flags.writeable:
            return  # nothing can have written into it
        if self.saved_bytes + array.nbytes > MAX_SAVED_BYTES:
            self.complete = False
            return
        self.saved_bytes += array.nbytes
        self.arrays.append((array, array.copy()))

    def restore(self):
        for names, saved in ((self.variables, self.saved_variables), (self.unread, self.saved_unread)):
            names.clear()
            names.update(saved)
        if self.saved_last is _MISSING:
            self.builtins.pop("_", None)
        else:
            self.builtins["_"] = self.saved_last
        grad_mode.state.enabled = self.grad_enabled
        torch.set_rng_state(self.rng_state)
        for obj, fields in self.fields:
            for name, value in fields.items():
                setattr(obj, name, value)
        for items, saved in (*self.lists, *self.hook_lists):
            items[:] = saved
        for counter, value in self.counters:
            counter[0] = value
        # In place, so that views and tensors sharing an array see the old contents too.
        for array, contents in self.arrays:
            np.copyto(array, contents)


_MISSING = object()
