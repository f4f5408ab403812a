"""The calculator's one output object: a Report shown as a Rich table on a terminal, as plain text on a
pipe, or as exactly one JSON object; errors and warnings go to stderr.

Rich is imported only when a terminal will show it, so the JSON and pipe paths never pay for it.
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np

NON_FINITE_NAMES = {math.inf: "inf", -math.inf: "-inf"}

# ---- numbers ---------------------------------------------------------------------------------------------


def json_numbers(array):
    """Numbers or nested lists, repr-exact (float32 widened exactly to float64); nan and infinities as the
    strings "nan", "inf", "-inf", which JSON has no numbers for."""
    values = np.asarray(array).tolist()
    return _name_non_finite(values) if has_non_finite(array) else values


def _name_non_finite(values):
    if isinstance(values, list):
        return [_name_non_finite(v) for v in values]
    if math.isnan(values):
        return "nan"
    return NON_FINITE_NAMES.get(values, values)


def has_non_finite(array):
    array = np.asarray(array)
    return array.dtype.kind == "f" and not np.isfinite(array).all()


def torch_numbers(array):
    """The numbers as torch prints them (precision 4, one notation and width for all), without `tensor(`."""
    from gradcli.engine import printing  # the engine's port of torch's formatter; only its body is wanted

    a = np.asarray(array)
    if a.size == 0:
        return "[]"
    summarize = a.size > printing.THRESHOLD
    shown = printing._summarized(a) if summarize else a
    return printing._body(a, 0, summarize, printing._Formatter(shown))


def shape_text(array):
    return "[" + ", ".join(map(str, np.shape(array))) + "]"


# ---- reports -----------------------------------------------------------------------------------------


class Report:
    """What a calculator command found: a title (the expression), its context (bindings, dtype) and
    sections keyed as in the JSON output: an array, {name: array} or {name: {name: array}}."""

    def __init__(self, title, context):
        self.title = title
        self.context = context
        self.sections = {}

    def add(self, key, content):
        """Tensors are kept as NumPy arrays: what both JSON and tables read."""
        self.sections[key] = _map_arrays(content, lambda tensor: tensor.detach().numpy())
        return self

    def json_object(self):
        return {key: _map_arrays(content, json_numbers) for key, content in self.sections.items()}

    def rows(self):
        """(label, array) in order: 'value', 'grad x', 'hessian x y', ..."""
        rows = []

        def walk(label, content):
            if isinstance(content, dict):
                for name, inner in content.items():
                    walk(f"{label} {name}", inner)
            else:
                rows.append((label, content))

        for key, content in self.sections.items():
            walk(key, content)
        return rows


def _map_arrays(content, function):
    if isinstance(content, dict):
        return {name: _map_arrays(inner, function) for name, inner in content.items()}
    return function(content)


def show(report, as_json, stream=None):
    stream = stream or sys.stdout
    if as_json:
        import json  # here: the table paths have no use for it

        stream.write(json.dumps(report.json_object(), allow_nan=False) + "\n")
    elif stream.isatty():
        _rich_console(stream).print(rich_table(report))
    else:
        stream.write(plain_table(report))


def plain_table(report):
    """The report as aligned plain text; a value spanning lines keeps to its column."""
    rows = [(label, shape_text(array), torch_numbers(array)) for label, array in report.rows()]
    label_width = max(len("name"), *(len(label) for label, _, _ in rows))
    shape_width = max(len("shape"), *(len(shape) for _, shape, _ in rows))
    indent = " " * (label_width + shape_width + 4)
    lines = [f"{report.title}  {report.context}", "",
             f"{'name':<{label_width}}  {'shape':<{shape_width}}  value"]
    for label, shape, numbers in rows:
        numbers = numbers.replace("\n", "\n" + indent)
        lines.append(f"{label:<{label_width}}  {shape:<{shape_width}}  {numbers}")
    return "\n".join(lines) + "\n"


def rich_table(report):
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(report.title, style="bold"), caption=Text(report.context), title_justify="left",
                  caption_justify="left")
    table.add_column("name", style="cyan", no_wrap=True)
    table.add_column("shape", style="dim", no_wrap=True)
    table.add_column("value", no_wrap=True)
    for label, array in report.rows():
        table.add_row(Text(label), Text(shape_text(array)), Text(torch_numbers(array)))
    return table


def _rich_console(stream):
    from rich.console import Console

    return Console(file=stream, highlight=False)  # Rich itself honours NO_COLOR and TERM=dumb


# ---- trees (the graph command) ----------------------------------------------------------------------------

GUIDES = ("├── ", "└── ", "│   ", "    ")
SEPARATOR = "   "


def show_tree(root, stream=None):
    """`root` is (segments, [children...]), children alike; segments are (text, Rich style) pairs."""
    stream = stream or sys.stdout
    if stream.isatty():
        _rich_console(stream).print(_rich_tree(root))
    else:
        stream.write(plain_tree(root))


def _plain_line(segments):
    return SEPARATOR.join(text for text, _ in segments)


def plain_tree(root):
    lines = []

    def walk(node, prefix, last, top):
        segments, children = node
        lines.append(("" if top else prefix + GUIDES[1 if last else 0]) + _plain_line(segments))
        inner = "" if top else prefix + GUIDES[3 if last else 2]
        for i, child in enumerate(children):
            walk(child, inner, i == len(children) - 1, False)

    walk(root, "", True, True)
    return "\n".join(lines) + "\n"


def _rich_tree(root):
    from rich.text import Text
    from rich.tree import Tree

    def label(segments):
        text = Text()
        for i, (part, style) in enumerate(segments):
            text.append((SEPARATOR if i else "") + part, style=style)
        return text

    def build(node, tree):
        for child in node[1]:
            build(child, tree.add(label(child[0])))
        return tree

    return build(root, Tree(label(root[0]), guide_style="dim"))


# ---- stderr ------------------------------------------------------------------------------------------


RED, YELLOW = "31", "33"


def report_error(message):
    _to_stderr("error", RED, message)


def warn(message):
    _to_stderr("warning", YELLOW, message)


def _to_stderr(kind, colour, message):
    """`gradcli: error: message`, the prefix in bold colour on a terminal (plain ANSI: no Rich needed)."""
    text = message if message.endswith("\n") else message + "\n"
    prefix = f"gradcli: {kind}:"
    if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
        prefix = f"\x1b[1;{colour}m{prefix}\x1b[0m"
    sys.stdout.flush()
    sys.stderr.write(f"{prefix} {text}")
    sys.stderr.flush()
