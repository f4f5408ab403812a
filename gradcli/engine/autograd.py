"""The backward pass: torch.autograd.backward and torch.autograd.grad.

Iterative (a heap, never recursion), so a chain of a million nodes runs in time linear in its depth.
Nodes run newest first (by sequence number, as torch orders them), each once all its gradients are in.
"""

from heapq import heappop, heappush
import warnings

import numpy as np

from . import dtypes, grad_mode
from .grad_mode import anomaly
from .graph import AccumulateGrad, engine_error
from .rules import R, sum_to
from .tensor import Size, Tensor, _make


CREATE_GRAPH_WARNING = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its gradient "
    "which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid this. If you "
    "have to use this function, make sure to reset the .grad fields of your parameters to None after use to break "
    "the cycle and avoid the leak. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)")


def _root_node(tensor, index):
    if tensor.grad_fn is not None:
        return tensor.grad_fn
    if tensor._requires_grad:
        return tensor._grad_accumulator()
    raise engine_error(f"element {index} of tensors does not require grad and does not have a grad_fn",
                       "no_grad", tensor=tensor)


def _initial_grad(tensor, grad, index):
    if grad is None:
        if tensor._data.size != 1:
            raise engine_error("grad can be implicitly created only for scalar outputs", "non_scalar", tensor=tensor)
        ones = np.empty(tensor._data.shape, tensor._data.dtype)  # not np.ones_like: two Python layers less
        ones.fill(1)
        return _make(ones)
    if not isinstance(grad, Tensor):
        grad = _make(np.asarray(grad, tensor._data.dtype))
    if grad.shape != tensor.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{index}] has a shape of {Size(grad.shape)} and "
                           f"output[{index}] has a shape of {Size(tensor.shape)}.")
    return grad


def _dependencies(roots):
    """How many edges point at each node reachable from the roots (a DFS with an explicit stack)."""
    deps = {}
    stack = list(roots)
    roots = set(roots)
    while stack:
        for edge in stack.pop().edges:
            if edge is not None:
                count = deps.get(edge, 0)
                deps[edge] = count + 1
                if not count and edge not in roots:  # the first edge found into it: walk on from it once
                    stack.append(edge)
    return deps


def _needed(roots, targets, deps):
    """Nodes with a path to a target: grad(..., inputs) runs only these, as torch does (a target's own node only
    when it leads to another target: a non-leaf input's gradient is the one flowing into its node)."""
    order, seen, stack = [], set(roots), list(roots)
    while stack:  # any order where a node precedes what it points at, then reversed
        node = stack.pop()
        order.append(node)
        for edge in node.edges:
            if edge is not None and edge not in seen:
                seen.add(edge)
                stack.append(edge)
    needed = set()
    changed = True
    while changed:  # a fixpoint: a DFS pre-order is not a topological order when paths reconverge
        changed = False
        for node in reversed(order):
            if node not in needed and any(e in needed or e in targets for e in node.edges):
                needed.add(node)
                changed = True
    return needed


def _run_hooks(hooks, grad):
    for hook in hooks:
        result = hook(grad)
        if result is not None:
            grad = result
    return grad


def _accumulate(tensor, grad, create_graph):
    if tensor._grad is None:
        if create_graph:  # torch copies into a new tensor (copy_ counts as version 1)
            tensor._grad = R["copy"](grad)
            tensor._grad._bump_version()
        else:
            tensor._grad = _make(grad._data.copy())
    elif create_graph:
        tensor._grad = tensor._grad + grad
    else:  # in place, as torch's AccumulateGrad outside grad mode: .grad keeps its identity, and its grad_fn
        np.add(tensor._grad._data, grad._data, out=tensor._grad._data, casting="unsafe")
        tensor._grad._bump_version()
        # counted apart from other writes, so a front end can tell accumulation from a reset such as zero_()
        tensor._grad.accumulations = getattr(tensor._grad, "accumulations", 0) + 1


def run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs=None, capture=False):
    """Propagate gradients from `tensors`. With capture, return the gradients reaching `inputs` instead of
    accumulating them (autograd.grad); otherwise accumulate into .grad of leaves (or only of `inputs`)."""
    return _propagate(_plan(tensors, inputs), tensors, grad_tensors, retain_graph, create_graph, inputs, capture)


def _plan(tensors, inputs):
    """What a backward from `tensors` needs to know of the graph, whatever gradients it starts from: the root
    nodes, the target nodes of `inputs`, the edge count into each node, the nodes on a path to a target."""
    roots = [_root_node(t, i) for i, t in enumerate(tensors)]
    targets = {}
    if inputs is not None:
        for i, x in enumerate(inputs):
            node = x.grad_fn or (x._grad_accumulator() if x._requires_grad else None)
            if node is None:
                raise RuntimeError("One of the differentiated Tensors does not require grad")
            targets.setdefault(node, []).append(i)
    deps = _dependencies(roots)
    needed = _needed(roots, targets, deps) if inputs is not None else None
    return roots, targets, deps, needed


def _propagate(plan, tensors, grad_tensors, retain_graph, create_graph, inputs, capture):
    roots, targets, deps, needed = plan
    deps = dict(deps)  # counted down as gradients arrive; the plan may serve again (jacobian's rows)
    if retain_graph is None:
        retain_graph = create_graph
    grads = [_initial_grad(t, g, i) for i, (t, g) in enumerate(zip(tensors, grad_tensors))]
    buffers = {}
    for node, g in zip(roots, grads):
        buffers[node] = buffers[node] + g if node in buffers else g
    captured = [None] * len(inputs) if inputs is not None else None
    ready = []
    for node in dict.fromkeys(roots):
        if deps.get(node, 0) == 0:
            heappush(ready, (-node.sequence_nr, id(node), node))
    with grad_mode.set_grad_enabled(create_graph):
        while ready:
            node = heappop(ready)[2]
            grad = buffers.pop(node, None)
            while node is not None:  # one node per pass; a chain's next node comes without the heap (below)
                if type(node) is AccumulateGrad:
                    if grad is not None:
                        _deliver_to_leaf(node, grad, targets, captured, capture, create_graph)
                    break
                input_grads = ()
                if grad is not None and (needed is None or node in needed or node in targets):
                    if node.pre_hooks:
                        grad = _run_hooks(node.pre_hooks, grad)
                    if node.retained is not None:  # torch's retain_grad hook: the first gradient copied, then added
                        retained = node.retained
                        retained._grad = grad.clone() if retained._grad is None else retained._grad + grad
                    if targets and node in targets:
                        for i in targets[node]:
                            captured[i] = grad
                if grad is not None and (needed is None or node in needed):
                    # the rule's vjps, for the inputs that have somewhere to send a gradient
                    saved = node.inputs
                    if saved is None or node.versions or node.packed is not None:  # freed, saved tensors to check
                        # (unpack says what is wrong) or packed by saved-tensor hooks
                        saved, output = node.unpack()
                    else:
                        output = node.output
                    rule = node.rule
                    args = (grad, output) + saved + node.params
                    if rule.variadic:  # cat, stack: one vjp returns every input's gradient
                        input_grads = rule.vjps[0](*args)
                    else:
                        input_grads = []
                        for vjp, edge in zip(rule.vjps, node.edges):
                            input_grads.append(vjp(*args) if edge is not None and vjp is not None else None)
                    if anomaly.enabled and anomaly.check_nan:
                        _check_nan(node, input_grads)
                    if not retain_graph:
                        node.release()
                n_grads = len(input_grads)
                metas = node.metas
                follow = follow_grad = None
                for k, edge in enumerate(node.edges):
                    if edge is None:
                        continue
                    g = input_grads[k] if k < n_grads else None
                    if g is not None:
                        meta = metas[k]
                        data = g._data
                        if data.shape != meta.shape or (data.dtype is not meta.np_dtype and data.dtype != meta.np_dtype):
                            g = _conform(g, meta.shape, meta.np_dtype)
                    remaining = deps[edge] - 1
                    deps[edge] = remaining
                    if remaining == 0 and follow is None and edge not in buffers:
                        follow, follow_grad = edge, g  # its only gradient: it may run next, without heap or buffer
                        continue
                    if g is not None:
                        buffers[edge] = buffers[edge] + g if edge in buffers else g
                    if remaining == 0:
                        heappush(ready, (-edge.sequence_nr, id(edge), edge))
                if follow is not None and ready and ready[0][:2] < (-follow.sequence_nr, id(follow)):
                    # a node in the heap comes first (newest first): the candidate waits its turn there
                    if follow_grad is not None:
                        buffers[follow] = follow_grad
                    heappush(ready, (-follow.sequence_nr, id(follow), follow))
                    follow = None
                node, grad = follow, follow_grad
    return captured


def _check_nan(node, grads):
    """Anomaly mode's check, as torch's engine makes it after each node: a gradient holding a NaN stops backward."""
    for k, g in enumerate(grads):
        if g is not None and np.isnan(g._data).any():
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {k}th output.")


def _conform(g, shape, np_dtype):
    """Bring an input's gradient to the input's shape and dtype: undo broadcasting, cast."""
    if g._data.shape != shape:
        g = sum_to(g, shape)
    if g._data.dtype != np_dtype:
        g = g.to(dtypes.from_numpy(np_dtype))
    return g


def _deliver_to_leaf(node, grad, targets, captured, capture, create_graph):
    tensor = node.variable
    if tensor._hooks:
        grad = _run_hooks(tensor._hooks, grad)
    if node in targets:
        for i in targets[node]:
            captured[i] = grad
    if capture:
        return
    if not targets or node in targets:
        _accumulate(tensor, grad, create_graph)
        for hook in tensor._post_accumulate_hooks or ():
            hook(tensor)


def _as_tuple(x):
    if x is None:
        return None
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    """torch.autograd.backward (and Tensor.backward): accumulate gradients into leaves' .grad."""
    tensors = _as_tuple(tensors)
    grad_tensors = _as_tuple(grad_tensors if grad_tensors is not None else grad_variables) or (None,) * len(tensors)
    if len(grad_tensors) != len(tensors):
        raise RuntimeError(f"got {len(tensors)} tensors and {len(grad_tensors)} gradients")
    inputs = _as_tuple(inputs)
    if inputs is not None and not inputs:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    if create_graph:
        warnings.warn(CREATE_GRAPH_WARNING, UserWarning, stacklevel=3)
    for x in inputs or ():
        if x.grad_fn is not None:
            x.retain_grad()  # as torch's engine does: a non-leaf input's .grad is its retained gradient, from now on
    run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs=inputs)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """torch.autograd.grad: the gradients of outputs with respect to inputs, returned, not accumulated."""
    return grad_for_each(outputs, inputs, [grad_outputs], retain_graph, create_graph, allow_unused,
                         materialize_grads)[0]


def grad_for_each(outputs, inputs, grad_outputs_list, retain_graph=None, create_graph=False, allow_unused=None,
                  materialize_grads=False):
    """autograd.grad once for each grad_outputs of the list, all on one reading of the graph (the rows of a
    jacobian differ only in their grad_outputs)."""
    outputs = _as_tuple(outputs)
    inputs = _as_tuple(inputs)
    if allow_unused is None:
        allow_unused = materialize_grads
    grad_outputs_list = [_as_tuple(grad_outputs) or (None,) * len(outputs) for grad_outputs in grad_outputs_list]
    for grad_outputs in grad_outputs_list:
        if len(grad_outputs) != len(outputs):
            raise RuntimeError(f"grad requires one grad_output per output ({len(grad_outputs)} vs {len(outputs)})")
    plan = _plan(outputs, inputs)
    results = []
    for grad_outputs in grad_outputs_list:
        captured = _propagate(plan, outputs, grad_outputs, retain_graph, create_graph, inputs, capture=True)
        results.append(_returned_grads(inputs, captured, create_graph, allow_unused, materialize_grads))
    return results


def _returned_grads(inputs, captured, create_graph, allow_unused, materialize_grads):
    result = []
    for i, (x, g) in enumerate(zip(inputs, captured)):
        if g is None:
            if not allow_unused:
                raise engine_error(f"The differentiated Tensor at index {i} appears to not have been used in the "
                                   "graph. Set allow_unused=True if this is the desired behavior.", "unused", tensor=x)
            if materialize_grads:
                g = _make(np.zeros_like(x._data))
        elif not create_graph and g._requires_grad:
            g = g.detach()
        result.append(g)
    return tuple(result)
