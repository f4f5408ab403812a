"""The computation graph, node by node, and where a nan or inf first appears.

The engine's graph knows each node's grad_fn and inputs but keeps no forward values (a node saves only
what its backward reads). So EXPR runs once more under a Recorder, an interpreter that keeps every
sub-expression's value: a grad_fn is then known by the tensor it made, its value and its source text.
Gradients flowing into each node come from register_hook on those tensors during one backward pass.
"""

from __future__ import annotations

import numpy as np

import gradcli.torch as torch
from gradcli.calc.program import names_read, source_text
from gradcli.calc.report import shape_text, short_value
from gradcli.lang import nodes as syntax_nodes
from gradcli.runtime.interpreter import Interpreter

LEAF = "leaf"


class Recorder(Interpreter):
    """An interpreter that keeps (syntax node, value) for every expression it evaluates, in the order
    they complete: operands before the operation that uses them."""

    def __init__(self, *args):
        super().__init__(*args)
        self.recorded = []

    def compile(self, node):
        evaluate = super().compile(node)  # the closures of an expression's operands are made here too

        def recorded():
            value = evaluate()
            self.recorded.append((node, value))
            return value
        return recorded


class Run:
    """EXPR evaluated under a Recorder with `leaves` bound: the output and what made each tensor."""

    def __init__(self, problem, leaves):
        self.problem = problem
        self.interpreter = problem.calculator.interpreter(leaves, Recorder)
        self.output = problem.as_output(problem.program.run(self.interpreter))
        self.made = {}             # grad_fn -> (the syntax node that made its tensor, the tensor)
        self.tensors = {}          # id -> tensor, for every recorded tensor (leaves too)
        for node, value in self.interpreter.recorded:
            if isinstance(value, torch.Tensor):
                self.tensors.setdefault(id(value), value)
                if value.grad_fn is not None and not _is_name(node):
                    self.made.setdefault(value.grad_fn, (node, value))
        self.arrivals = None       # gradients reaching recorded tensors, once backward() hooked them
        self.names = {id(value): name for name, value in self.interpreter.module_scope.variables.items()
                      if isinstance(value, torch.Tensor)}

    def text(self, node):
        return source_text(self.problem.program.lines, node.span)

    def source_of(self, grad_fn):
        """The source text that made grad_fn's tensor, or None for a node made inside a function."""
        made = self.made.get(grad_fn)
        return self.text(made[0]) if made is not None else None

    def describe(self, grad_fn):
        source = self.source_of(grad_fn)
        return f"{source} ({grad_fn.name()})" if source is not None else grad_fn.name()

    def nodes(self):
        return graph_nodes(self.output)

    def backward(self, cotangent, leaves):
        """One backward pass to `leaves` (the graph is kept for more); returns [(tensor, gradient)] in the
        order gradients reached the recorded tensors."""
        if self.arrivals is None:
            for tensor in self.tensors.values():
                if tensor.requires_grad:
                    tensor.register_hook(lambda grad, tensor=tensor: self.arrivals.append((tensor, grad)))
        self.arrivals = []
        if self.output.requires_grad and leaves:
            torch.autograd.grad(self.output, leaves, cotangent, retain_graph=True, allow_unused=True)
        return self.arrivals


def graph_nodes(output):
    """Every node reachable from tensor `output`, each once, parents before their inputs."""
    order, seen = [], set()
    stack = [output.grad_fn] if output.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        order.append(node)
        stack.extend(edge for edge, _ in reversed(node.next_functions) if edge is not None)
    return order


# ---- the graph command ---------------------------------------------------------------------------------


class GraphNode:
    """A node as shown: its label (source text or name), its kind (grad_fn name, leaf, constant), its
    forward value and the gradient flowing into it (arrays or None), and its input nodes."""

    __slots__ = ("label", "kind", "value", "grad", "inputs")

    def __init__(self, label, kind, value):
        self.label, self.kind, self.value = label, kind, value
        self.grad = None
        self.inputs = []


class Graph:
    """The root GraphNode (the output) and notes on what the graph does not show."""

    def __init__(self, root, notes):
        self.root = root
        self.notes = notes


def trace(problem):
    """The graph of EXPR (or CODE's output) with forward values and, for a scalar output, gradients."""
    leaves = problem.leaves()
    run = Run(problem, leaves)
    notes = []
    output = run.output
    if output.grad_fn is None:
        notes.append("the output does not depend on any input that requires grad: there is no graph to draw")
    drawn = {}
    for node in run.nodes():
        if hasattr(node, "variable"):  # AccumulateGrad: a leaf
            drawn[node] = GraphNode(run.names.get(id(node.variable), LEAF), LEAF, _array(node.variable))
        else:
            syntax, tensor = run.made.get(node, (None, None))
            label = run.text(syntax) if syntax is not None else ""
            name = run.names.get(id(tensor)) if tensor is not None else None
            if name and name != label:
                label = f"{name} = {label}" if label else name
            drawn[node] = GraphNode(label, node.name(), _array(tensor) if tensor is not None else None)
    for node, shown in drawn.items():
        shown.inputs = [drawn[edge] for edge, _ in node.next_functions if edge is not None]
    if output.numel() == 1:
        accumulators = {id(node.variable): node for node in drawn if hasattr(node, "variable")}
        for tensor, grad in run.backward(None, [node.variable for node in accumulators.values()]):
            key = tensor.grad_fn or accumulators.get(id(tensor))
            if key in drawn:
                drawn[key].grad = _array(grad)
    elif output.grad_fn is not None:
        notes.append(f"the output has shape {shape_text(output)}: gradients are shown for a scalar output only "
                     "(reduce it with sum(...) to see them)")
    root = drawn.get(output.grad_fn) or GraphNode(problem.source, "constant", _array(output))
    return Graph(root, notes)


def _array(tensor):
    return tensor.detach().numpy()


# ---- inputs the output does not depend on through the graph --------------------------------------------


def disconnected_inputs(problem):
    """A warning for each input the output's graph does not reach (its derivative is 0), saying where the
    graph was cut: a tensor turned into a Python number (float(x), x.item()), or a tensor made without
    history (tensor([x, y]) copies its data; stack keeps the graph)."""
    leaves = {name: problem.tensor(problem.values[name], requires_grad=True) for name in problem.wrt}
    run = Run(problem, {**problem.constants, **leaves})
    reached = {id(node.variable) for node in run.nodes() if hasattr(node, "variable")} | {id(run.output)}
    unreached = [name for name, leaf in leaves.items() if id(leaf) not in reached]
    if not unreached:
        return []
    read = {name for name, _ in names_read(problem.program.body)}
    cut = _first_cut(run)
    warnings = []
    for name in unreached:
        if name not in read:
            warnings.append(f"EXPR does not use {name}: its derivative is 0")
        else:
            warnings.append(f"the output does not depend on {name} through the graph, so its derivative is "
                            f"reported as 0" + (f": {cut}" if cut else ""))
    return warnings


def _first_cut(run):
    """Where the first value that should carry a graph does not: an expression whose operands carry one
    but whose own value does not."""
    values = {}
    for node, value in run.interpreter.recorded:
        values[id(node)] = value
        if _carries_graph(value) or callable(value) or isinstance(node, (syntax_nodes.Name, syntax_nodes.Constant)):
            continue  # a method (x.item) is looked at where it is called
        if any(_carries_graph(values.get(id(operand))) for operand in _direct_operands(node)):
            text = run.text(node)
            if isinstance(value, (int, float)):
                return f"{text} turns a tensor into a Python number, which has no graph"
            if isinstance(node, syntax_nodes.Call) and isinstance(node.func, syntax_nodes.Name) \
                    and node.func.id in ("tensor", "as_tensor"):
                return f"{text} copies its tensors' values without their history (stack([...]) keeps it)"
            return f"{text} gives a value without a graph"
    return None


def _direct_operands(node):
    """The sub-expressions a node computes with: its fields' nodes (list and tuple displays opened, keyword
    values), and the object of a method call (x in x.item())."""
    operands = []
    stack = list(node.fields().values())
    func = getattr(node, "func", None)
    if isinstance(func, syntax_nodes.Attribute):
        stack.append(func.value)
    while stack:
        child = stack.pop()
        if isinstance(child, list):
            stack.extend(child)
        elif isinstance(child, (syntax_nodes.Keyword, syntax_nodes.Starred)):
            stack.append(child.value)
        elif isinstance(child, (syntax_nodes.ListExpr, syntax_nodes.TupleExpr)):
            stack.extend(child.elts)
        elif isinstance(child, syntax_nodes.Node):
            operands.append(child)
    return operands


def _carries_graph(value):
    if isinstance(value, torch.Tensor):
        return value.requires_grad
    if isinstance(value, (list, tuple)):
        return any(_carries_graph(item) for item in value)
    return False


# ---- a live tensor's graph (the REPL's :graph) --------------------------------------------------------


def live_graph(name, value, variables, lines):
    """The graph that computed tensor `value`, its tensors named as in `variables` ({name: value}) and its
    nodes labelled with the source `lines` the engine recorded them at; leaves show their .grad when a
    backward has set it."""
    names = {id(tensor): label for label, tensor in variables.items() if isinstance(tensor, torch.Tensor)}
    produced_by = {id(tensor.grad_fn): tensor for tensor in variables.values()
                   if isinstance(tensor, torch.Tensor) and tensor.grad_fn is not None}
    drawn = {}
    for node in graph_nodes(value):
        if hasattr(node, "variable"):  # AccumulateGrad: a leaf
            leaf = node.variable
            shown = GraphNode(names.get(id(leaf), LEAF), LEAF, _array(leaf))
            shown.grad = _array(leaf.grad) if leaf.grad is not None else None
        else:
            tensor = value if node is value.grad_fn else produced_by.get(id(node))
            label = _recorded_source(lines, node)
            if tensor is not None and id(tensor) in names:
                label = f"{names[id(tensor)]} = {label}" if label else names[id(tensor)]
            shown = GraphNode(label, node.name(), _array(tensor) if tensor is not None else None)
        drawn[node] = shown
    for node, shown in drawn.items():
        shown.inputs = [drawn[edge] for edge, _ in node.next_functions if edge is not None]
    root = drawn.get(value.grad_fn)
    if root is None:
        root = GraphNode(name, LEAF if value.requires_grad else "constant", _array(value))
    notes = [] if value.grad_fn is not None or value.requires_grad else [
        f"{name} does not require grad: there is no graph to draw"]
    return Graph(root, notes)


def _recorded_source(lines, node):
    """The source text that made the node (the engine records where, while a session runs)."""
    location = node.location
    if location is None:
        return ""
    try:
        return source_text(lines, location.span)
    except IndexError:  # made by a session that :reset has since forgotten
        return ""


# ---- where a nan or inf came from ------------------------------------------------------------------------


def explain_non_finite(problem, rows, cotangent=None):
    """A warning for each (label, array) of a report that holds nan or inf, naming where it first appears:
    the first sub-expression whose value has it, or the first node whose backward produced it on the way
    to the row's input (a backward pass to that input alone runs only the nodes on its paths)."""
    leaves = {name: problem.tensor(problem.values[name], requires_grad=True) for name in problem.wrt}
    run = Run(problem, {**problem.constants, **leaves})
    forward = _forward_origin(run)
    cotangent = cotangent if cotangent is not None else torch.ones_like(run.output)
    backward = {}

    def backward_origin(names):
        key = tuple(names)
        if key not in backward:
            backward[key] = _backward_origin(run, run.backward(cotangent, [leaves[name] for name in names]))
        return backward[key]

    messages = []
    for label, array in rows:
        kind, *names = label.split()
        if kind == "value":
            origin = forward
        else:
            origin = backward_origin(names[:1] or problem.wrt) or forward
            if kind == "hessian" and origin is None:
                origin = "it first appears in the second derivative"
        messages.append(f"{label} contains {_which_non_finite(array)}" + (f": {origin}" if origin else ""))
    return messages


def _forward_origin(run):
    for node, value in run.interpreter.recorded:
        array = _numbers(value)
        if array is None or np.isfinite(array).all():
            continue
        if _is_name(node):
            return f"it comes from the input {node.id} = {short_value(array)}"
        operands = ", ".join(f"{run.text(child)} = {short_value(_numbers(child_value))}"
                             for child, child_value in _operands(run, node))
        return f"it first appears in {run.text(node)}" + (f", where {operands}" if operands else "")
    return None


def _backward_origin(run, arrivals):
    """The first tensor whose incoming gradient is not finite was given it by the nodes that use it."""
    for tensor, grad in arrivals:
        if np.isfinite(grad.detach().numpy()).all():
            continue
        users = [node for node in run.nodes() if any(_is_node_of(edge, tensor) for edge, _ in node.next_functions)]
        if not users:
            return None
        where = " or ".join(run.describe(node) for node in users)
        return f"it first appears in the backward of {where}, at {_tensor_text(run, tensor)}"
    return None


def _is_node_of(edge, tensor):
    return edge is not None and (edge is tensor.grad_fn or getattr(edge, "variable", None) is tensor)


def _tensor_text(run, tensor):
    value = short_value(_array(tensor))
    if tensor.grad_fn is None:
        name = run.names.get(id(tensor))
        return f"{name} = {value}" if name else value
    source = run.source_of(tensor.grad_fn)
    return f"{source} = {value}" if source is not None else value


def _operands(run, node):
    """The recorded values of a syntax node's direct sub-expressions (literals aside: they show in the text)."""
    children = []
    for field in node.fields().values():
        for child in field if isinstance(field, list) else [field]:
            if isinstance(child, syntax_nodes.Keyword):
                child = child.value
            if (isinstance(child, syntax_nodes.Node) and not isinstance(child, syntax_nodes.Constant)
                    and child is not getattr(node, "func", None)):
                children.append(child)
    values = {}
    for syntax, value in run.interpreter.recorded:
        if any(syntax is child for child in children) and _numbers(value) is not None:
            values.setdefault(id(syntax), (syntax, value))
    return list(values.values())


def _numbers(value):
    if isinstance(value, torch.Tensor):
        return _array(value) if value.is_floating_point() else None
    if isinstance(value, float):
        return np.asarray(value)
    return None


def _which_non_finite(array):
    kinds = [name for name, present in (("nan", np.isnan(array).any()), ("inf", np.isposinf(array).any()),
                                        ("-inf", np.isneginf(array).any())) if present]
    return " and ".join(kinds)


def _is_name(node):
    return isinstance(node, syntax_nodes.Name)
