"""What the REPL's :vars and :graph show: a Rich table of variables, and a live tensor's graph drawn as
`gradcli graph` draws one (gradcli.cli.graphview's nodes and tree, gradcli.cli.render's output)."""

from __future__ import annotations

from types import SimpleNamespace

from gradcli.runtime.sandbox.capabilities import type_name


def variables_table(variables, stream):
    from rich.console import Console
    from rich.table import Table

    from gradcli.engine.tensor import Tensor

    table = Table("name", "type", "shape", "dtype", "requires_grad", "is_leaf", "grad")
    for name, value in variables.items():
        if isinstance(value, Tensor):
            grad = "set" if value._grad is not None else "-"  # ._grad: reading .grad warns on non-leaves
            table.add_row(name, "Tensor", str(list(value.shape)), str(value.dtype), str(value.requires_grad),
                          str(value.is_leaf), grad)
        else:
            table.add_row(name, type_name(value), "", "", "", "", "")
    Console(file=stream, highlight=False).print(table)


def show_graph(name, value, variables, lines, stream):
    """Draw the graph that computed tensor `value`; returns why it cannot be drawn, or None."""
    from gradcli.cli import graphview, render
    from gradcli.engine.tensor import Tensor

    if not isinstance(value, Tensor):
        return f"{name} is a {type_name(value)}, not a tensor"
    names = {id(tensor): label for label, tensor in variables.items() if isinstance(tensor, Tensor)}
    produced_by = {id(tensor.grad_fn): tensor for tensor in variables.values()
                   if isinstance(tensor, Tensor) and tensor.grad_fn is not None}
    drawn = {}
    # graphview's walk of a graph from its output, over this tensor
    for node in graphview.Run.nodes(SimpleNamespace(output=value)):
        if hasattr(node, "variable"):  # AccumulateGrad: a leaf, with its .grad when a backward has set it
            leaf = node.variable
            shown = graphview.GraphNode(names.get(id(leaf), graphview.LEAF), graphview.LEAF, _array(leaf))
            shown.grad = _array(leaf._grad) if leaf._grad is not None else None
        else:
            tensor = value if node is value.grad_fn else produced_by.get(id(node))
            label = _source(lines, node)
            if tensor is not None and id(tensor) in names:
                label = f"{names[id(tensor)]} = {label}" if label else names[id(tensor)]
            shown = graphview.GraphNode(label, node.name(), _array(tensor) if tensor is not None else None)
        drawn[node] = shown
    for node, shown in drawn.items():
        shown.inputs = [drawn[edge] for edge, _ in node.next_functions if edge is not None]
    root = drawn.get(value.grad_fn)
    if root is None:
        root = graphview.GraphNode(name, graphview.LEAF if value.requires_grad else "constant", _array(value))
    render.show_tree(graphview.tree(graphview.Graph(root, [])), stream)
    if value.grad_fn is None:
        return None if value.requires_grad else f"{name} does not require grad: there is no graph to draw"
    return None


def _source(lines, node):
    """The source text that made the node (the engine records where, while the session runs)."""
    from gradcli.cli.graphview import source_text

    location = node.location
    if location is None:
        return ""
    try:
        return source_text(lines, location.span)
    except IndexError:  # made by a session that :reset has since forgotten
        return ""


def _array(tensor):
    return tensor.detach().numpy()
