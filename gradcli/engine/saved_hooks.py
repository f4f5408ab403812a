"""Hooks on the tensors a node saves for its backward (torch.autograd.graph.saved_tensors_hooks), as torch's
SavedVariable runs them: while a (pack_hook, unpack_hook) pair is in force (graph.SAVED_TENSORS_HOOKS, the
innermost last), each tensor a recorded node saves goes through pack_hook, and the node keeps what pack_hook
returns in its place; backward, and a read of grad_fn._saved_<name>, get unpack_hook of that, as a new tensor
with the saved one's history. A custom Function's ctx.save_for_backward is packed likewise once its outputs have
their node, and unpacked at each read of ctx.saved_tensors. Imported at the first tensor saved with hooks in
force."""

from . import grad_mode
from .graph import SAVED_TENSORS_HOOKS
from .tensor import Tensor, _make

OUTPUT = -1  # a Packed slot: the node's result, where the others are input positions (as Rule.saved_value reads them)

PACK_IN_PLACE_MESSAGE = (
    "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack hook can not be "
    "modified by in-place operations as this can lead to unexpected side-effects. Please open an issue if you need "
    "to perform in-place operations on the input to a pack hook.")


class Packed:
    """What a node saved through hooks: its unpack hook, and per saved tensor (slot -> ...) pack_hook's value and
    what the unpacked tensor takes from the saved one (its grad_fn, or as a leaf, its requires_grad and grad
    accumulator)."""

    __slots__ = ("unpack_hook", "values", "histories")

    def __init__(self, unpack_hook):
        self.unpack_hook = unpack_hook
        self.values = {}
        self.histories = {}

    def restore(self, slot):
        unpacked = self.unpack_hook(self.values[slot])
        if not isinstance(unpacked, Tensor):
            raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got result of type "
                            f"{type(unpacked).__name__}")
        restored = _make(unpacked._data)
        grad_fn, requires_grad, accumulator = self.histories[slot]
        restored.grad_fn = grad_fn
        restored._requires_grad = requires_grad
        if accumulator is not None:
            restored._accumulator = accumulator
        return restored

    def unpacked(self, node):
        """What backward passes the vjps of `node`, whose saved tensors these are: (inputs, output)."""
        inputs = list(node.inputs)
        output = None
        for slot in self.values:
            if slot == OUTPUT:
                output = self.restore(slot)
            else:
                inputs[slot] = self.restore(slot)
        return tuple(inputs), output


def packed(saved):
    """The innermost pack hook's values of the tensors in `saved` ((slot, tensor) pairs, in torch's order), each
    packed under no_grad, as torch's SavedVariable packs."""
    pack_hook, unpack_hook = SAVED_TENSORS_HOOKS[-1]
    result = Packed(unpack_hook)
    previous, grad_mode.state.enabled = grad_mode.state.enabled, False
    try:
        for slot, tensor in saved:
            version = tensor._version
            result.values[slot] = pack_hook(tensor)
            if tensor._version != version:
                raise RuntimeError(PACK_IN_PLACE_MESSAGE)
            result.histories[slot] = (tensor.grad_fn, tensor._requires_grad,
                                      tensor._accumulator if tensor.grad_fn is None else None)
    finally:
        grad_mode.state.enabled = previous
    return result


def pack(node, rule, requiring):
    """Pack the tensors `node` saved (inputs `requiring` gradients need, then its result) in torch's order: by
    the derivative formulas that read them, the first input's first. The node keeps their stand-ins (Meta)."""
    inputs = list(node.inputs)
    order = (range(len(inputs)) if rule.reads is None
             else dict.fromkeys(i for k, reads in enumerate(rule.reads) if requiring >> k & 1 for i in reads))
    saved = [(i, inputs[i]) for i in order if type(inputs[i]) is Tensor]
    if node.output is not None:
        saved.append((OUTPUT, node.output))
    node.packed = packed(saved)
    for slot, _ in saved:
        if slot != OUTPUT:
            inputs[slot] = node.metas[slot]
    node.inputs = tuple(inputs)
    node.output = None
    node.versions = ()  # as torch: a tensor packed by hooks is not checked for in-place changes
