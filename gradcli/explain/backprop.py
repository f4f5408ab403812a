"""Backpropagation as data: the forward pass as staged computation, then the backward walk node by node.

The walk applies each node's own rule (its vjps, from the engine's rule table) to the gradient that reached
it, in the order the engine visits nodes: a node runs once every node that uses its output has run, and
among the ready ones the newest runs first (by sequence number), which for a graph reachable from one
output is simply newest first. Leaves (AccumulateGrad) take their gradient as soon as it is complete.
Nothing is written to any `.grad`: the graph is read, never changed, so a REPL tensor can be explained
and then backpropagated as usual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

import gradcli.torch as torch
from gradcli.calc.errors import CalcError
from gradcli.engine.rules import sum_to

LEAF = "leaf"
INPUT_NAMES = "abcdefgh"
# A formula that names `grad` is the whole vector-Jacobian product in words (`grad @ b.T`); any other is
# the local derivative, which multiplies the incoming gradient elementwise.
NAMES_GRAD = re.compile(r"\bgrad\b")


class ExplainError(CalcError):
    """Why a graph cannot be explained (a non-scalar output, a graph already freed by a backward): a usage
    error (exit code 2) for the command line."""


@dataclass
class Stage:
    """One node of the forward pass: a leaf, or an op's result, in the order they were computed."""

    label: str                      # the source text that computed it (a leaf: its name)
    grad_fn: str                    # "leaf" or the grad_fn name (MulBackward0)
    shape: tuple
    value: np.ndarray | None        # None when nothing kept it (an op inside a function)
    non_finite_first: bool = False  # the first stage whose value holds nan or inf


@dataclass
class Sent:
    """What one node sends to one of its inputs."""

    to: str                          # the input's label
    input_name: str                  # the rule's name for the input (a, b, ...)
    formula: str | None              # the rule's local derivative (`b`) or its vjp in words (`grad @ b.T`)
    local: np.ndarray | None         # the local derivative's value, when the formula is one
    product: np.ndarray              # the rule's vjp applied to the incoming gradient
    reduced_from: tuple | None       # the product's shape when broadcasting was undone (sum_to)
    gradient: np.ndarray             # what the input receives from this use
    running_sum: np.ndarray | None   # the input's gradient so far, when an earlier use already sent one
    non_finite_first: bool = False   # the first product in the walk that holds nan or inf


@dataclass
class Step:
    """One node of the backward walk: the gradient that reached it and what it sends on."""

    label: str
    grad_fn: str
    upstream: np.ndarray
    sent: list[Sent]
    completed: list[tuple[str, np.ndarray]] = field(default_factory=list)  # leaves whose .grad is now final
    node: object = field(default=None, repr=False, compare=False)  # the engine's node, for front ends


@dataclass
class Explanation:
    forward: list[Stage]
    backward: list[Step]
    grads: dict[str, np.ndarray]    # each leaf's final .grad, by label, in the order the leaves appear

    def json_object(self, numbers):
        """The explanation as JSON-ready data; `numbers` turns an array into numbers or nested lists."""
        def array(value):
            return None if value is None else numbers(value)

        return {
            "forward": [{"source": s.label, "grad_fn": s.grad_fn, "shape": list(s.shape), "value": array(s.value),
                         "non_finite_first": s.non_finite_first} for s in self.forward],
            "backward": [{"node": step.label, "grad_fn": step.grad_fn, "upstream": numbers(step.upstream),
                          "sent": [{"to": s.to, "input": s.input_name, "formula": s.formula, "local": array(s.local),
                                    "product": numbers(s.product),
                                    "sum_to": {"from": list(s.reduced_from), "to": list(s.gradient.shape)}
                                    if s.reduced_from is not None else None,
                                    "gradient": numbers(s.gradient), "running_sum": array(s.running_sum),
                                    "non_finite_first": s.non_finite_first} for s in step.sent],
                          "completed": {label: numbers(grad) for label, grad in step.completed}}
                         for step in self.backward],
            "grads": {label: numbers(grad) for label, grad in self.grads.items()},
        }


class Labels:
    """How the nodes of a graph are called and what they computed. Front ends give what they know: the
    calculator the source text and value of every sub-expression, the REPL its variables and node locations."""

    def source(self, node):
        """The source text that made a function node, or None."""
        return None

    def value(self, node):
        """The tensor a function node computed, or None when nothing kept it."""
        return None

    def leaf_name(self, tensor):
        return None

    def leaf_rank(self, tensor):
        """Where the leaf comes in the forward listing (leaves without one follow, in order of first use)."""
        return None


def explain(output, labels=None):
    """The forward stages and the backward walk of the graph that computed `output` (a scalar tensor)."""
    labels = labels or Labels()
    if output.numel() != 1:
        raise ExplainError(f"the output has shape {list(output.shape)}: backward starts from a scalar; "
                           "reduce it with sum(...) or mean(...)")
    if not output.requires_grad:
        raise ExplainError("the output does not depend on any input that requires grad: there is no graph to explain")
    if output.grad_fn is None:  # the output is itself a leaf: d output / d output = 1
        name = labels.leaf_name(output) or f"{LEAF} 1"
        return Explanation([Stage(name, LEAF, tuple(output.shape), output.detach().numpy())], [],
                           {name: np.ones_like(output.detach().numpy())})
    root = output.grad_fn
    functions, leaves = _reachable(root)
    ranks = {leaf: labels.leaf_rank(leaf.variable) for leaf in leaves}
    leaves.sort(key=lambda leaf: (ranks[leaf] is None, ranks[leaf] or 0))
    names = _Names(labels, functions, leaves)
    backward, grads = _walk(root, functions, leaves, names, torch.ones_like(output))
    shapes = {step.node: step.upstream.shape for step in backward}
    forward = [names.stage(node, shapes) for node in [*leaves, *reversed(functions)]]
    _mark_first(forward, lambda stage: stage.value is not None and _non_finite(stage.value))
    produced = [sent for step in backward if np.isfinite(step.upstream).all() for sent in step.sent]
    _mark_first(produced, lambda sent: _non_finite(sent.product))
    return Explanation(forward, backward, grads)


def _walk(root, functions, leaves, names, seed):
    """Apply each node's rule in the engine's order (see the module docstring); nothing is accumulated."""
    uses = {}
    for node in functions:
        for edge in node.edges:
            if edge is not None:
                uses[edge] = uses.get(edge, 0) + 1
    buffers = {root: seed}
    steps = []
    with torch.no_grad():
        for node in functions:
            upstream = buffers.pop(node, None)
            if upstream is None:
                continue
            step = Step(names.label(node), node.name(), upstream.numpy(), [], node=node)
            for k, (edge, product, local) in enumerate(_products(node, upstream)):
                if edge is None or product is None:
                    continue
                gradient = _conform(product, node.metas[k])
                earlier = buffers.get(edge)
                buffers[edge] = gradient if earlier is None else earlier + gradient
                step.sent.append(Sent(
                    names.label(edge), names.input_name(node, k), _formula(node.rule, k), local,
                    product.numpy(), product.shape if product.shape != gradient.shape else None,
                    gradient.numpy(), None if earlier is None else buffers[edge].numpy()))
            for edge in dict.fromkeys(edge for edge in node.edges if edge is not None):
                uses[edge] -= node.edges.count(edge)
                if uses[edge] == 0 and _is_leaf(edge) and edge in buffers:
                    step.completed.append((names.label(edge), buffers.pop(edge).numpy()))
            steps.append(step)
    completed = dict(done for step in steps for done in step.completed)
    return steps, {names.label(leaf): completed[names.label(leaf)] for leaf in leaves
                   if names.label(leaf) in completed}


def _products(node, upstream):
    """(edge, product, local derivative or None) per input, from the node's own rule."""
    rule = node.rule
    inputs, output = node.unpack()
    params = node.params
    if rule.variadic:  # cat, stack: one vjp gives every input's gradient
        products = rule.vjps[0](upstream, output, *inputs, *params)
        return [(edge, product, None) for edge, product in zip(node.edges, products)]
    found = []
    for k, (vjp, edge) in enumerate(zip(rule.vjps, node.edges)):
        if edge is None or vjp is None:
            found.append((edge, None, None))
            continue
        product = vjp(upstream, output, *inputs, *params)
        formula = _formula(rule, k)
        local = None
        if formula is not None and not NAMES_GRAD.search(formula):
            local = vjp(torch.ones_like(upstream), output, *inputs, *params).numpy()
        found.append((edge, product, local))
    return found


def _formula(rule, k):
    """Input k's formula in the rule table (a variadic rule, such as cat, has one for all its inputs)."""
    return rule.formulas[0 if rule.variadic else k]


def _conform(gradient, meta):
    """What the engine does with a product before an input receives it: undo broadcasting, cast."""
    if gradient.shape != meta.shape:
        gradient = sum_to(gradient, meta.shape)
    if gradient.numpy().dtype != meta.np_dtype:
        gradient = gradient.to(meta.dtype)
    return gradient


class _Names:
    """Labels for every node: the front end's, else the grad_fn name and the labelled node it is inside."""

    def __init__(self, labels, functions, leaves):
        self.labels = labels
        self.known = {leaf: labels.leaf_name(leaf.variable) or f"{LEAF} {i}" for i, leaf in enumerate(leaves, 1)}
        for node in functions:  # users before the nodes they use: an unlabelled node is named after its user
            if node not in self.known:
                source = labels.source(node)
                self.known[node] = source if source is not None else node.name()
            for edge in node.edges:
                if edge is not None and edge not in self.known and labels.source(edge) is None:
                    self.known[edge] = f"{edge.name()} inside {self.known[node]}"

    def label(self, node):
        return self.known[node]

    def input_name(self, node, k):
        """The rule's name for input k, as its formulas write it: a, b, c... in order (the engine's convention)."""
        if node.rule.variadic:
            return f"input {k}"
        return INPUT_NAMES[k] if k < len(INPUT_NAMES) else f"input {k}"

    def stage(self, node, shapes):
        if _is_leaf(node):
            tensor = node.variable
        else:
            tensor = self.labels.value(node)
            if tensor is None and node.rule.save_output:
                tensor = node.output
        value = tensor.detach().numpy() if tensor is not None else None
        shape = value.shape if value is not None else shapes.get(node, ())
        return Stage(self.label(node), LEAF if _is_leaf(node) else node.name(), shape, value)


def _reachable(root):
    """The function nodes reachable from root, newest first (the engine's order), and the leaves in the
    order of their first use."""
    functions, leaves, seen, stack = [], [], {root}, [root]
    while stack:
        node = stack.pop()
        (leaves if _is_leaf(node) else functions).append(node)
        for edge in getattr(node, "edges", ()):
            if edge is not None and edge not in seen:
                seen.add(edge)
                stack.append(edge)
    functions.sort(key=lambda node: -node.sequence_nr)
    first_use = {}
    for node in reversed(functions):
        for edge in node.edges:
            first_use.setdefault(edge, len(first_use))
    leaves.sort(key=lambda leaf: first_use.get(leaf, -1))
    return functions, leaves


def _is_leaf(node):
    return hasattr(node, "variable")


def _non_finite(array):
    return array.dtype.kind == "f" and not np.isfinite(array).all()


def non_finite_kinds(array):
    """`nan`, `inf`, `-inf` or several (`nan and inf`): which non-finite values `array` holds."""
    return " and ".join(name for name, present in (("nan", np.isnan(array).any()), ("inf", np.isposinf(array).any()),
                                                   ("-inf", np.isneginf(array).any())) if present)


def _mark_first(items, test):
    for item in items:
        if test(item):
            item.non_finite_first = True
            return
