"""torch.autograd.Function: a user-written forward and backward recorded as one graph node.

As in torch, the ctx handed to forward and backward is the graph node itself (y.grad_fn), an instance of a
class named after the Function ('LegendrePolynomial3Backward'); backward runs when the engine reaches that node,
and with create_graph=True whatever it computes is recorded, so double backward works through it.
"""

from gradcli.engine import grad_mode
from gradcli.engine.graph import FREED_MESSAGE, Node, modified_message, engine_error
from gradcli.engine.rules import Rule
from gradcli.engine.tensor import Tensor


class FunctionCtx(Node):
    """The ctx of a custom Function, and (once an input requires grad) its node in the graph."""

    __slots__ = ()
    _saved = ()
    _released = False
    materialize_grads = True

    def save_for_backward(self, *tensors):
        self._saved = tuple((t, t._version_counter[0] if t is not None else None) for t in tensors)

    @property
    def saved_tensors(self):
        if self._released:
            raise engine_error(FREED_MESSAGE, "freed", node=self)
        for tensor, version in self._saved:
            if tensor is not None and tensor._version_counter[0] != version:
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


def _run_backward(function):
    """The node's vjp: call the user's backward and check it returned one gradient per forward input."""
    def vjp(grad, output, *inputs_and_ctx):
        ctx = inputs_and_ctx[-1]
        grads = function.backward(ctx, grad)
        grads = grads if isinstance(grads, tuple) else (grads,)
        expected = len(inputs_and_ctx) - 1
        if len(grads) != expected:
            raise RuntimeError(f"function {type(ctx).__name__} returned an incorrect number of gradients "
                               f"(expected {expected}, got {len(grads)})")
        return grads
    return vjp


class Function:
    """Subclass with @staticmethod forward(ctx, *inputs) and backward(ctx, *grad_outputs); call .apply(...)."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    vjp = backward

    @classmethod
    def apply(cls, *args):
        node_cls = _node_class(cls)
        ctx = object.__new__(node_cls)
        recording = grad_mode.state.enabled and any(isinstance(x, Tensor) and x._requires_grad for x in args)
        ctx.needs_input_grad = tuple(recording and isinstance(x, Tensor) and x._requires_grad for x in args)
        with grad_mode.no_grad():
            output = cls.forward(ctx, *args)
        if not recording:
            return output
        if not isinstance(output, Tensor):
            raise RuntimeError("gradcli: a custom Function's forward must return one tensor to be differentiated")
        if id(output) in getattr(ctx, "_non_differentiable", ()):
            return output
        if any(output is x for x in args):  # an input returned as is: torch returns a new tensor on its data
            output = output.detach()
        edges = [(x.grad_fn or (x._grad_accumulator() if x._requires_grad else None)) if isinstance(x, Tensor)
                 else None for x in args]
        metas = [(x._data.shape, x._data.dtype) if isinstance(x, Tensor) else None for x in args]
        rule = Rule(node_cls.__name__, None, _run_backward(cls), save=None, variadic=True,
                    formulas=(f"{cls.__name__}.backward(ctx, grad)",))
        Node.__init__(ctx, rule, edges, metas, [None if m is not None else x for x, m in zip(args, metas)],
                      None, (ctx,))
        output.grad_fn, output._requires_grad = ctx, True
        return output
