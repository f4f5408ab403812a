"""`gradcli explain`: the forward pass as staged computation and the backward pass node by node.

The options are the calculator's (CODE as `graph` takes it, --at, --dtype, --json); the explanation itself
is gradcli.explain's, built from the graph the expression made. This module only labels nodes with the
source text that made them and renders the result (plain text, colour on a terminal, or one JSON object).
"""

from __future__ import annotations

import os
import sys

from gradcli.cli.calc import At, CalcError, DType, DTypeOption, Json, Problem, computing, reported_errors

import typer
from typing import Annotated

Code = Annotated[str, typer.Argument(
    metavar="CODE_OR_EXPR", show_default=False,
    help="An expression, or statements whose last one is the output (q = x + y; f = q * z).")]


def explain_command(code: Code, at: At = None, dtype: DTypeOption = DType.float64, json: Json = False) -> None:
    """Backprop explained: each forward value, then each node's local derivative and what it sends on."""
    from gradcli.cli import render

    with reported_errors():
        problem = Problem(code, at, None, dtype, statements=True)
        explanation = computing(problem, explain_problem, problem)
        if json:
            import json as json_module

            sys.stdout.write(json_module.dumps(explanation.json_object(render.json_numbers), allow_nan=False) + "\n")
        else:
            sys.stdout.write(text(explanation, f"{problem.source}  {problem.context()}", colour_wanted(sys.stdout)))


def explain_problem(problem):
    """EXPR (or CODE's output) evaluated with every sub-expression kept, then explained."""
    from gradcli.cli.graphview import Run
    from gradcli.explain import ExplainError, explain

    run = Run(problem, problem.leaves())
    try:
        return explain(*run_labels(run))
    except ExplainError as error:  # the expression computed, but is not something backward starts from
        raise CalcError(str(error)) from None


def run_labels(run):
    """(the output, Labels) for a graphview.Run: the source text and value of every sub-expression."""
    from gradcli.explain import Labels

    class SourceLabels(Labels):
        def source(self, node):
            made = run.made.get(node)
            if made is None:
                return None
            text = run.text(made[0])
            name = run.names.get(id(made[1]))
            return f"{name} = {text}" if name and name != text else text

        def value(self, node):
            made = run.made.get(node)
            return made[1] if made is not None else None

        def leaf_name(self, tensor):
            return run.names.get(id(tensor))

        def leaf_rank(self, tensor):
            return reads.get(id(tensor))

    from gradcli.lang import nodes

    reads = {}  # each leaf's first read, in evaluation order
    for syntax, value in run.interpreter.recorded:
        if isinstance(syntax, nodes.Name):
            reads.setdefault(id(value), len(reads))

    return run.output, SourceLabels()


def explain_variable(name, value, variables, lines, stream):
    """The REPL's `:explain NAME`: explain the graph that computed the session's tensor `value`, its nodes
    labelled with the session's lines that made them; returns why it cannot be explained, or None."""
    from gradcli.cli.repl_views import _source
    from gradcli.engine.tensor import Tensor
    from gradcli.explain import ExplainError, Labels, explain
    from gradcli.runtime.access import type_name

    if not isinstance(value, Tensor):
        return f"{name} is a {type_name(value)}, not a tensor"
    names = {id(tensor): label for label, tensor in variables.items() if isinstance(tensor, Tensor)}
    produced = {tensor.grad_fn: tensor for tensor in variables.values()
                if isinstance(tensor, Tensor) and tensor.grad_fn is not None}
    produced[value.grad_fn] = value

    class SessionLabels(Labels):
        def source(self, node):
            text = _source(lines, node) or None
            named = names.get(id(produced.get(node)))
            return f"{named} = {text}" if named and text and named != text else named or text

        def value(self, node):
            return produced.get(node)

        def leaf_name(self, tensor):
            return names.get(id(tensor))

        def leaf_rank(self, tensor):
            return ranks.get(id(tensor))

    ranks = {key: rank for rank, key in enumerate(names)}  # leaves in the order the session bound them
    try:
        explanation = explain(value, SessionLabels())
    except ExplainError as error:
        return f"cannot explain {name}: {error}"
    except RuntimeError as error:  # the graph's saved tensors were freed (or changed) by an earlier input
        if getattr(error, "context", {}).get("kind") not in ("freed", "modified"):
            raise
        return f"cannot explain {name}: {error}"
    stream.write(text(explanation, f"explain {name}", colour_wanted(stream)))
    return None


# ---- rendering ------------------------------------------------------------------------------------------

BOLD, RED, CYAN, GREEN = "1", "1;31", "36", "32"
GAP = "   "


def colour_wanted(stream):
    return stream.isatty() and not os.environ.get("NO_COLOR")


def non_finite_note(array):
    """`  <- nan first appears here` (or inf, -inf, or several), after the line that made it."""
    from gradcli.cli.graphview import _which_non_finite

    return f"  <- {_which_non_finite(array)} first appears here"


def text(explanation, title, colour=False):
    """The explanation as lines of text; on a terminal, the non-finite origin in red and nodes in bold."""
    def paint(words, style):
        return f"\x1b[{style}m{words}\x1b[0m" if colour and style else words

    lines = [title, "", "forward: each value in the order it was computed"]
    width = max(len(stage.label) for stage in explanation.forward)
    kinds = max(len(stage.grad_fn) for stage in explanation.forward)
    shapes = max(len(shape_words(stage.shape)) for stage in explanation.forward)
    for stage in explanation.forward:
        head = f"  {stage.label:<{width}}  {stage.grad_fn:<{kinds}}  {shape_words(stage.shape):<{shapes}}  "
        value = numbers(stage.value, len(head)) if stage.value is not None else "(not kept)"
        line = head + value
        lines.append(paint(line + non_finite_note(stage.value), RED) if stage.non_finite_first else line)
    lines += ["", "backward: newest node first, each once every use of its value has sent its gradient"]
    for step in explanation.backward:
        lines.append(joined("  ", [(paint(step.label, BOLD), None), (paint(step.grad_fn, CYAN), None),
                                   valued("grad", step.upstream)]))
        targets = [f"→ {sent.to} ({sent.input_name})" for sent in step.sent]
        for sent, target in zip(step.sent, targets):
            parts = [(target.ljust(max(map(len, targets))), None), *_sent_parts(sent)]
            line = joined("    ", parts)
            lines.append(paint(line + non_finite_note(sent.product), RED) if sent.non_finite_first else line)
        for label, grad in step.completed:
            lines.append(joined("    ", [(paint(f"{label}.grad = ", GREEN), grad)]))
    lines += ["", "leaves"]
    for label, grad in explanation.grads.items():
        lines.append(joined("  ", [valued(f"{label}.grad", grad)]))
    return "\n".join(lines) + "\n"


def shape_words(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def valued(words, array):
    """`words = ` before a value, with the shape when it is not a single number: `grad [3, 2] = `."""
    return (f"{words} {shape_words(array.shape)} = " if array.ndim else f"{words} = "), array


def _sent_parts(sent):
    """The local derivative and the product (or the vjp in words), sum_to, +=: what one input receives."""
    if sent.local is not None:
        constant = _is_number(sent.formula)  # ∂/∂a = 1, not 1 = 1.
        parts = [(f"∂/∂{sent.input_name} = {sent.formula}", None) if constant
                 else valued(f"∂/∂{sent.input_name} = {sent.formula}", sent.local),
                 valued(f"grad · {_operand(sent.formula)}", sent.product)]
    else:
        parts = [valued(sent.formula if sent.formula is not None else "vjp", sent.product)]
    if sent.reduced_from is not None:
        parts.append((f"sum_to {shape_words(sent.reduced_from)} → {shape_words(sent.gradient.shape)} = ",
                      sent.gradient))
    if sent.running_sum is not None:
        parts.append(valued("+=, running sum", sent.running_sum))
    return parts


def _is_number(words):
    try:
        float(words)
    except ValueError:
        return False
    return True


def _operand(formula):
    """The formula as a factor of the product: its last form without notes (`exp(a) = out` gives `out`),
    `b` and `cos(a)` as they are, `1 / a` in parentheses."""
    import re

    formula = formula.split("  (")[0].split(" = ")[-1]
    return formula if re.fullmatch(r"-?[\w.]+(\(.*\))?", formula) and formula.count("(") <= 1 else f"({formula})"


def joined(indent, parts):
    """(words, array or None) parts on one line, except that a value spanning lines starts a line of its
    own (indented under the first part), and so does the part after it."""
    text, previous_spans_lines = "", False
    for i, (words, array) in enumerate(parts):
        value = numbers(array, 0) if array is not None else ""
        spans_lines = "\n" in value
        if i == 0:
            prefix = indent + words
        elif spans_lines or previous_spans_lines:
            prefix = "\n" + indent + "  " + words
        else:
            prefix = GAP + words
        line_start = prefix.rsplit("\n", 1)[-1]
        text += prefix + value.replace("\n", "\n" + " " * _visible_length(line_start))
        previous_spans_lines = spans_lines
    return text


def numbers(array, indent):
    from gradcli.cli.render import torch_numbers

    return torch_numbers(array).replace("\n", "\n" + " " * indent)


def _visible_length(words):
    import re

    return len(re.sub(r"\x1b\[[0-9;]*m", "", words))
