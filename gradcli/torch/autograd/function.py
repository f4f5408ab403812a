"""torch.autograd.Function: a user-written forward and backward recorded as one graph node.

As in torch, the ctx handed to forward and backward is the graph node itself (y.grad_fn), an instance of a
class named after the Function ('LegendrePolynomial3Backward'); backward runs when the engine reaches that node,
and with create_graph=True whatever it computes is recorded, so double backward works through it.
"""

import functools
import math

from gradcli.engine import dtypes, grad_mode
from gradcli.engine.factory import zeros
from gradcli.engine.forward import attach_tangent
from gradcli.engine.grad_mode import forward_mode, tangent_of
from gradcli.engine.graph import (FREED_MESSAGE, SAVED_TENSORS_HOOKS, Node, current_location, engine_error,
                                  modified_message, node_class)
from gradcli.engine.ops.shapes import cat
from gradcli.engine.rules import Rule, record
from gradcli.engine.tensor import Tensor

__all__ = ["Function", "FunctionCtx"]  # what scripts see of torch.autograd.function


class FunctionCtx(Node):
    """The ctx of a custom Function, and (once an input requires grad) its node in the graph."""

    __slots__ = ()
    _saved = ()
    _saved_packed = None  # what saved-tensor hooks packed of _saved (gradcli/engine/saved_hooks.py)
    _released = False
    materialize_grads = True

    def save_for_backward(self, *tensors):
        self._saved = tuple((t, t._version if t is not None else None) for t in tensors)

    @property
    def saved_tensors(self):
        if self._released:
            raise engine_error(FREED_MESSAGE, "freed", node=self)
        if self._saved_packed is not None:  # unpack_hook gives each back, unchecked, as torch's
            return tuple(self._saved_packed.restore(k) if tensor is not None else None
                         for k, (tensor, _) in enumerate(self._saved))
        for tensor, version in self._saved:
            if tensor is not None and tensor._version != version:
                # torch names the tensor's current producer (this node, for a saved output)
                raise engine_error(modified_message(tensor, version, tensor.grad_fn), "modified", node=self,
                                   tensor=tensor)
        return tuple(tensor for tensor, _ in self._saved)

    def mark_non_differentiable(self, *tensors):
        self._non_differentiable = {id(t) for t in tensors}

    def mark_dirty(self, *tensors):
        """Accepted for compatibility: gradcli's in-place writes already bump the version counters."""

    def set_materialize_grads(self, value):
        self.materialize_grads = bool(value)

    def release(self):
        self._released = True

    def __repr__(self):
        return f"<torch.autograd.function.{type(self).__name__} object at {id(self):#x}>"


_node_classes = {}


def _node_class(function):
    cls = _node_classes.get(function)
    if cls is None:
        name = function.__name__ + "Backward"
        cls = _node_classes[function] = type(name, (FunctionCtx,), {"__slots__": (), "torch_name": name})
    return cls


def _run_backward(function, outputs):
    """The node's vjp: call the user's backward with one gradient per forward output and check it returned one
    per forward input. With several outputs the node's gradient is packed (see _Packing)."""
    def vjp(grad, output, *inputs_and_ctx):
        ctx = inputs_and_ctx[-1]
        grads = function.backward(ctx, *(outputs.unpack(grad) if outputs is not None else (grad,)))
        grads = grads if isinstance(grads, tuple) else (grads,)
        expected = len(inputs_and_ctx) - 1
        if len(grads) != expected:
            raise RuntimeError(f"function {type(ctx).__name__} returned an incorrect number of gradients "
                               f"(expected {expected}, got {len(grads)})")
        return grads
    return vjp


class _Packing:
    """A Function whose forward returns a tuple: the engine gives a node one gradient, so the node's gradient
    is the outputs' gradients flattened one after another. Each differentiable output's grad_fn is a node of
    the Function's name that puts its gradient in its place among zeros (an output not used gets zeros, as
    torch materializes them); the engine sums those into the Function's node, which unpacks them for backward."""

    def __init__(self, outputs, differentiable):
        self.outputs = outputs
        self.slots = []  # per output: (start, shape, dtype), or None for a non-tensor output
        start = 0
        for out in outputs:
            if isinstance(out, Tensor):
                self.slots.append((start, out.shape, out.dtype))
                start += out.numel()
            else:
                self.slots.append(None)
        self.size = start
        self.dtype = functools.reduce(dtypes.promote, (out.dtype for out in differentiable))

    def pack(self, k, grad):
        start, shape, _ = self.slots[k]
        after = self.size - start - grad.numel()
        return cat([zeros(start, dtype=self.dtype), grad.reshape(-1).to(self.dtype), zeros(after, dtype=self.dtype)])

    def unpack(self, packed):
        grads = []
        for slot in self.slots:
            if slot is None:
                grads.append(None)  # a number forward returned: torch's backward gets None for it
            else:
                start, shape, dtype = slot
                grads.append(packed[start:start + math.prod(shape)].reshape(shape).to(dtype))
        return grads


class Function:
    """Subclass with @staticmethod forward(ctx, *inputs) (or forward(*inputs) and setup_context(ctx, inputs,
    output)), backward(ctx, *grad_outputs) and, for forward mode, jvp(ctx, *input_tangents); call .apply(...)."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                  "with forward mode AD.")

    @classmethod
    def apply(cls, *args):
        node_cls = _node_class(cls)
        ctx = object.__new__(node_cls)
        recording = grad_mode.state.enabled and any(isinstance(x, Tensor) and x._requires_grad for x in args)
        ctx.needs_input_grad = tuple(recording and isinstance(x, Tensor) and x._requires_grad for x in args)
        tangents = [tangent_of(x) if isinstance(x, Tensor) else None for x in args]
        dual = any(t is not None for t in tangents)
        with grad_mode.no_grad(), _without_tangents():  # torch runs forward on the primals alone
            if cls.setup_context is Function.setup_context:
                output = cls.forward(ctx, *args)
            else:
                output = cls.forward(*args)
                cls.setup_context(ctx, args, output)
        outputs = output if type(output) is tuple else (output,)
        non_differentiable = getattr(ctx, "_non_differentiable", ())
        if recording or dual:  # an input returned as is: torch returns a new tensor on its data
            outputs = tuple(out.detach() if any(out is x for x in args) else out for out in outputs)
        differentiable = [out for out in outputs if isinstance(out, Tensor) and id(out) not in non_differentiable]
        if recording and differentiable:
            _record(cls, node_cls, ctx, args, outputs, differentiable, type(output) is tuple)
            if SAVED_TENSORS_HOOKS and ctx._saved:  # torch packs what forward saved once the outputs have a node
                from gradcli.engine.saved_hooks import packed
                ctx._saved_packed = packed([(k, t) for k, (t, _) in enumerate(ctx._saved) if t is not None])
        if dual and differentiable:
            _push_tangents(cls, ctx, args, tangents, outputs, differentiable)
        return outputs if type(output) is tuple else outputs[0]


def _record(cls, node_cls, ctx, args, outputs, differentiable, several):
    """Make ctx the graph node of the outputs (through packing nodes if forward returned a tuple)."""
    packing = _Packing(outputs, differentiable) if several else None
    rule = Rule(node_cls.__name__, None, _run_backward(cls, packing), save=None, variadic=True,
                formulas=(f"{cls.__name__}.backward(ctx, grad)",))
    location = current_location()  # the nodes are where apply was called, not where forward made the outputs
    if packing is None:
        record(rule, args, (ctx,), differentiable[0], ctx, location)
        return
    # ctx's one output is the outputs' gradients packed: a stand-in of that shape and dtype, its grad_fn ctx
    packed = zeros(packing.size, dtype=packing.dtype)
    record(rule, args, (ctx,), packed, ctx, location)
    for k, out in enumerate(outputs):
        if any(out is d for d in differentiable):
            put = Rule(node_cls.__name__, None, lambda g, out, meta, k=k: packing.pack(k, g), save=None,
                       formulas=(f"output {k} of {cls.__name__}",))
            record(put, (packed,), (), out, object.__new__(node_class(node_cls.__name__)), location)


def _push_tangents(cls, ctx, args, tangents, outputs, differentiable):
    """Forward mode: the user's jvp maps the inputs' tangents (zeros where an input has none) to the outputs'."""
    given = [t if t is not None or not isinstance(x, Tensor) else x.detach() * 0 for x, t in zip(args, tangents)]
    with _without_tangents():
        results = cls.jvp(ctx, *given)
    results = results if type(results) is tuple else (results,)
    for out, tangent in zip(outputs, results):
        if isinstance(tangent, Tensor) and any(out is d for d in differentiable):
            attach_tangent(out, tangent)


class _without_tangents:
    """Ops run here push no tangents: a Function's forward and jvp compute on primals and tangents directly."""

    def __enter__(self):
        self.before, forward_mode.pushing = forward_mode.pushing, True

    def __exit__(self, *exc):
        forward_mode.pushing = self.before
