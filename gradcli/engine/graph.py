"""Graph nodes (what torch calls grad_fn) and the record of where they were made.

A Node is one recorded op application: its edges point at the nodes that produced its inputs (or at an
AccumulateGrad for a leaf, or None for a constant), and it holds what its backward formula saved.
Node classes are made per torch name, so that `type(y.grad_fn).__name__ == 'MulBackward0'` (and, as torch's
C++ classes, in no module: `type(y.grad_fn)` prints `<class 'MulBackward0'>`).
"""

import itertools

_sequence = itertools.count()
_location_hook = None
SAVED_TENSORS_HOOKS = []  # (pack_hook, unpack_hook) pairs in force, the innermost last (engine/saved_hooks.py)


def set_location_hook(hook):
    """Let a front end tag nodes and tensors with an opaque location (e.g. a script line); None turns it off."""
    global _location_hook
    _location_hook = hook


def current_location():
    return _location_hook() if _location_hook is not None else None


FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
    "if you need to access saved tensors after calling backward.")


def engine_error(message, kind, **context):
    """A RuntimeError with torch's message, carrying what a front end needs to explain it."""
    err = RuntimeError(message)
    err.context = dict(kind=kind, **context)
    return err


class Node:
    """One op application in the graph. Made by rules.record on a bare instance (object.__new__), not by a
    class call: a Python __init__ runs in an interpreter loop of its own, which costs more than the fields
    (a node per recorded op). Its fields:

    rule: the op table entry (vjps and what they read); edges: per input, the Node, AccumulateGrad or None (a
    constant) its gradient goes to; metas: per input, a tensor's Meta (shape, NumPy dtype), to reduce and cast
    that gradient, or a plain number as such; inputs: per input, the saved tensor, the plain number, or the
    Meta of a tensor not saved (the very tuple `metas` when no tensor is saved);
    output: the saved result, for rules that read it; versions: (tensor, its version when saved) of each saved
    tensor, checked in backward; params; sequence_nr: backward runs the newest first."""

    __slots__ = ("rule", "edges", "metas", "inputs", "output", "versions", "params", "sequence_nr", "__dict__",
                 "__weakref__")
    pre_hooks = None                     # hooks registered on the non-leaf tensor this node produced
    retained = None                      # that tensor, when it called retain_grad()
    location = None                      # where the node was made / freed, when a front end asks
    released_location = None
    packed = None                        # what saved-tensor hooks packed in place of the saved tensors

    def name(self):
        return self.torch_name

    @property
    def next_functions(self):
        return tuple((edge, 0) for edge in self.edges)

    def __repr__(self):
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def release(self):
        """Free what backward saved (the graph stays walkable for rules that saved nothing)."""
        if self.rule.saves:
            if self.inputs is not None and _location_hook is not None:  # else no instance dict per node
                self.released_location = _location_hook()
            self.inputs = self.output = None
            self.versions = ()
            if self.packed is not None:
                self.packed = None

    def unpack(self):
        """The vjp arguments, checked as torch checks saved tensors: freed, or modified in place since.
        An input that was not saved is there as a Meta (its shape and dtype)."""
        if self.inputs is None:
            raise engine_error(FREED_MESSAGE, "freed", node=self)
        if self.packed is not None:
            return self.packed.unpacked(self)
        for tensor, version in self.versions:
            if tensor._version != version:
                # torch names the saved output's own node, and a saved input's current producer
                producer = self if tensor is self.output else tensor.grad_fn
                raise engine_error(modified_message(tensor, version, producer), "modified", node=self, tensor=tensor)
        return self.inputs, self.output


def modified_message(tensor, version, producer):
    shape = ", ".join(map(str, tensor.shape))
    origin = f", which is output 0 of {_short_name(producer)}," if producer is not None else ""
    return ("one of the variables needed for gradient computation has been modified by an inplace operation: "
            f"[torch.{tensor.dtype.legacy_name} [{shape}]]{origin} is at version {tensor._version}; "
            f"expected version {version} instead. Hint: enable anomaly detection to find the operation that "
            "failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")


def _short_name(node):
    name = node.name()
    cut = name.rfind("Backward")
    return name[:cut] if cut > 0 else name


_node_classes = {}


def node_class(name):
    """The Node subclass named as torch names the grad_fn (one class per name, made once).
    A qualified name such as 'torch::autograd::CopySlices' is what name() returns; the class is 'CopySlices'."""
    cls = _node_classes.get(name)
    if cls is None:
        cls = _node_classes[name] = type(name.rsplit("::", 1)[-1], (Node,), {"__slots__": (), "torch_name": name,
                                                                             "__module__": "builtins"})
    return cls


class AccumulateGrad:
    """The graph's sink for a leaf that requires grad: its gradient lands in `variable.grad`."""

    __slots__ = ("variable", "sequence_nr", "__weakref__")
    __module__ = "builtins"  # type(node) prints <class 'AccumulateGrad'>, as torch's C++ class does

    def __init__(self, variable):
        self.variable = variable
        self.sequence_nr = float("inf")  # run as soon as ready, as torch does

    def name(self):
        return "torch::autograd::AccumulateGrad"

    next_functions = ()
    edges = ()  # a sink: backward walks every node's edges alike

    def __repr__(self):
        return f"<AccumulateGrad object at {id(self):#x}>"
