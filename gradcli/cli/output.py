"""Everything the commands show, in one place: a calculator Report as a Rich table on a terminal, plain text
on a pipe, or exactly one JSON object; graphs as trees or Graphviz DOT; check results as a table, JSON or
JUnit XML; the REPL's :vars table; errors and warnings on stderr, in the ANSI palette of gradcli.ansi.

Rich is imported only when a terminal will show it, so the JSON and pipe paths never pay for it.
"""

from __future__ import annotations

import math
import sys

import numpy as np

from gradcli import ansi
from gradcli.calc.report import has_non_finite, map_arrays, shape_text, short_value, torch_numbers

NON_FINITE_NAMES = {math.inf: "inf", -math.inf: "-inf"}

# ---- numbers ---------------------------------------------------------------------------------------------


def json_numbers(array):
    """Numbers or nested lists, repr-exact (float32 widened exactly to float64); nan and infinities as the
    strings "nan", "inf", "-inf", which JSON has no numbers for."""
    values = np.asarray(array).tolist()
    if isinstance(values, float):  # one number (check's JSON has thousands): checked without NumPy's calls
        return values if math.isfinite(values) else _name_non_finite(values)
    return _name_non_finite(values) if has_non_finite(array) else values


def _name_non_finite(values):
    if isinstance(values, list):
        return [_name_non_finite(v) for v in values]
    if math.isnan(values):
        return "nan"
    return NON_FINITE_NAMES.get(values, values)


# ---- reports -----------------------------------------------------------------------------------------


def report_json(report):
    """The JSON object of a calculator Report: its sections, numbers repr-exact."""
    return {key: map_arrays(content, json_numbers) for key, content in report.sections.items()}


def show_reports(problem, report_of, as_json):
    """Compute and show what report_of(problem) -> (Report, cotangent or None) finds: one table (or JSON
    object), or at several points (problem.points()) one row (or JSON object in a list) per point; then
    the warnings (gradcli.calc.warnings), each once."""
    from gradcli.calc import warnings

    found = [(point, *report_of(point)) for point in problem.points()]
    if problem.swept:
        show_points(problem, [(point, report) for point, report, _ in found], as_json)
    else:
        show(found[0][1], as_json)
    messages = {}
    for point, report, cotangent in found:
        where = f"at {point_text(point, problem.swept)}: " if problem.swept else ""
        messages.update((where + message, None) for message in warnings(report, point, cotangent))
    for message in messages:
        warn(message)


def point_text(point, names):
    return ", ".join(f"{name}={point.value_texts[name]}" for name in names)


def show(report, as_json, stream=None):
    stream = stream or sys.stdout
    if as_json:
        import json  # here: the table paths have no use for it

        stream.write(json.dumps(report_json(report), allow_nan=False) + "\n")
    elif stream.isatty():
        _rich_console(stream).print(rich_table(report))
    else:
        stream.write(plain_table(report))


def show_points(problem, found, as_json, stream=None):
    """[(point, Report)] at the points of problem.swept: a JSON list, or a table with a row per point."""
    stream = stream or sys.stdout
    if as_json:
        import json

        objects = [{"at": {name: json_numbers(point.values[name]) for name in problem.swept}, **report_json(report)}
                   for point, report in found]
        stream.write(json.dumps(objects, allow_nan=False) + "\n")
        return
    labels = [label for label, _ in found[0][1].rows()]
    header = [*problem.swept, *labels]
    rows = [[torch_numbers(point.values[name]) for name in problem.swept]
            + [" ".join(torch_numbers(array).split()) for _, array in report.rows()] for point, report in found]
    if stream.isatty():
        from rich.table import Table
        from rich.text import Text

        table = Table(title=Text(problem.title, style="bold"), caption=Text(problem.context()),
                      title_justify="left", caption_justify="left")
        for column in header:
            table.add_column(column, style="cyan" if column in problem.swept else None, no_wrap=True)
        for row in rows:
            table.add_row(*map(Text, row))
        _rich_console(stream).print(table)
        return
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    lines = [f"{problem.title}  {problem.context()}", ""]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]
    stream.write("\n".join(lines) + "\n")


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

def show_graph(graph, stream=None):
    show_tree(graph_tree(graph), stream)


MAX_DRAWN_DEPTH = 40    # a tree deeper than this (a 10,000-term sum) would be drawn in quadratic space
MAX_LABEL_CHARS = 60


def graph_tree(graph):
    """(segments, children) for show_tree, from a gradcli.calc.graph.Graph; a node met again is shown once,
    then referred to; below MAX_DRAWN_DEPTH levels, a note says that --dot has the rest."""
    shown = set()

    def build(node, depth):
        segments = _segments(node)
        if id(node) in shown and node.inputs:
            return ([*segments, ("(shown above)", "dim")], [])
        shown.add(id(node))
        if depth == MAX_DRAWN_DEPTH and node.inputs:
            return ([*segments, (f"(its inputs are {MAX_DRAWN_DEPTH} levels down: --dot draws them)", "dim")], [])
        return (segments, [build(child, depth + 1) for child in node.inputs])

    return build(graph.root, 1)


def _segments(node):
    """The parts of a node's line, each with the Rich style a terminal shows it in."""
    label = node.label if len(node.label) <= MAX_LABEL_CHARS else f"{node.label[:MAX_LABEL_CHARS - 16]} … {node.label[-12:]}"
    segments = [(label, "bold")] if label else []
    segments.append((node.kind, "cyan"))
    if node.value is not None:
        segments.append((f"value {short_value(node.value)}", ""))
    if node.grad is not None:
        segments.append((f"grad {short_value(node.grad)}", "green"))
    return segments


def graph_dot(graph):
    """Graphviz DOT: inputs on the left flowing into the output on the right."""
    from gradcli.calc.graph import LEAF

    ids = {}
    lines = ["digraph gradcli {", "  rankdir=LR;", '  node [shape=box, fontname="monospace"];']

    def visit(node):
        if id(node) in ids:
            return ids[id(node)]
        ids[id(node)] = key = f"n{len(ids)}"
        label = "\\n".join(_dot_escape(text) for text, _ in _segments(node))
        shape = ", shape=ellipse" if node.kind == LEAF else ""
        lines.append(f'  {key} [label="{label}"{shape}];')
        for child in node.inputs:
            lines.append(f"  {visit(child)} -> {key};")
        return key

    visit(graph.root)
    return "\n".join(lines + ["}"]) + "\n"


def _dot_escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


GUIDES = ("├── ", "└── ", "│   ", "    ")
SEPARATOR = "   "


def show_tree(root, stream=None):
    """`root` is (segments, [children...]), children alike; segments are (text, Rich style) pairs."""
    stream = stream or sys.stdout
    if stream.isatty():
        _rich_console(stream).print(rich_tree(root))
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


def rich_tree(root):
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


def report_error(message):
    _to_stderr("error", ansi.BOLD_RED, message)


def warn(message):
    _to_stderr("warning", ansi.BOLD_YELLOW, message)


def _to_stderr(kind, colour, message):
    """`gradcli: error: message`, the prefix in bold colour on a terminal (plain ANSI: no Rich needed)."""
    text = message if message.endswith("\n") else message + "\n"
    prefix = f"gradcli: {kind}:"
    if ansi.colour_enabled(sys.stderr):
        prefix = f"{colour}{prefix}{ansi.RESET}"
    sys.stdout.flush()
    sys.stderr.write(f"{prefix} {text}")
    sys.stderr.flush()


# ---- check results ---------------------------------------------------------------------------------------

PARTIAL = "d/d{name}"
STATUS_STYLES = {"pass": "green", "fail": "bold red", "error": "bold magenta"}


def check_counts(results):
    return {status: sum(result.status == status for result in results) for status in ("pass", "fail", "error")}


def check_json(results):
    count = check_counts(results)
    return {"passed": count["pass"], "failed": count["fail"], "errors": count["error"],
            "problems": [{"name": result.name, "file": result.file or None, "ok": result.ok, "status": result.status,
                          "max_error": None if result.worst is None else json_numbers(result.worst.error),
                          "worst_at": None if result.worst is None else
                          {name: json_numbers(value) for name, value in result.worst.values.items()},
                          "message": result.message,
                          "diagnoses": [{"variable": finding.variable, "diagnosis": finding.key,
                                         "evidence": finding.evidence} for finding in result.findings]}
                         for result in results]}


def check_json_text(results):
    import json

    return json.dumps(check_json(results), allow_nan=False) + "\n"


def check_summary(results):
    count = check_counts(results)
    files = len(dict.fromkeys(result.file for result in results if result.file))
    errors = f"{count['error']} error{'s' if count['error'] != 1 else ''}"
    where = f" in {files} file{'s' if files != 1 else ''}" if files else ""
    return (f"{count['pass']} passed, {count['fail']} failed, {errors} "
            f"({len(results)} problem{'s' if len(results) != 1 else ''}{where})")


# ---- check results on the terminal ---------------------------------------------------------------------------------------


def show_check(results, verbose, tsv=False, stream=None):
    """A Rich table on a terminal; aligned plain rows on a pipe (numbers never wrap); TSV with `tsv`."""
    stream = stream or sys.stdout
    header, rows = check_rows(results)
    if tsv:
        stream.write("".join("\t".join(cell.replace("\t", " ") for cell in row) + "\n" for row in [header, *rows]))
        return
    notes = [*_check_notes(results, verbose), (check_summary(results), "bold")]
    if not stream.isatty():
        stream.write(plain_rows(header, rows) + "".join(text + "\n" for text, _ in notes))
        return
    from rich.table import Table
    from rich.text import Text

    console = _rich_console(stream)
    table = Table(show_lines=False)
    for column in header:
        table.add_column(column, overflow="fold")
    status = header.index("status")
    for row in rows:
        table.add_row(*(Text(cell, style=STATUS_STYLES[cell] if i == status else "") for i, cell in enumerate(row)))
    console.print(table)
    for text, style in notes:
        console.print(Text(text, style=style))


def check_rows(results):
    """The header and a row of cells per problem, a `file` column first when the problems come from several
    files. An error's message stands in for its numbers; `expected` shows the partials the answer gives."""
    several = len(dict.fromkeys(result.file for result in results)) > 1
    header = ["file"] * several + ["problem", "status", "worst point", "expected", "given", "relative error"]
    rows = []
    for result in results:
        worst = result.worst
        numbers = [result.message.split("\n")[0], "", "", ""] if worst is None else [
            values_text(worst.values), values_text({name: worst.expected[name] for name in worst.given}, PARTIAL),
            values_text(worst.given, PARTIAL),
            f"{worst.error:.3g}"]
        rows.append([result.file] * several + [result.name, result.status, *numbers])
    return header, rows


def plain_rows(header, rows):
    """Columns aligned with two spaces between them; a long cell widens its column rather than wrap."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() + "\n"
                   for row in [header, *rows])


def _check_notes(results, verbose):
    """(text, Rich style) lines under the table: diagnoses, an error's caret, with --verbose every point."""
    for result in results:
        for finding in result.findings:
            yield f"{result.name}: {finding.key}: {finding.evidence}", ""
        if result.status == "error" and "\n" in result.message:  # the caret under the failing part
            yield f"{result.name}: {result.message}", STATUS_STYLES["error"]
        if verbose and result.points:
            yield f"{result.name}: {result.message}", "bold"
            for point in result.points:
                mark = "ok  " if point.agrees else "FAIL"
                yield (f"  {mark} at {values_text(point.values)}: expected {values_text(point.expected, PARTIAL)}, "
                       f"given {values_text(point.given, PARTIAL)}, relative error {point.error:.3g}"
                       + (" (explicit)" if point.explicit else "")), ""


def show_gradebook(grades, key, stream=None):
    """The gradebook: a student per row, a score per problem, the total (Rich on a terminal, else plain)."""
    from gradcli.grading.reports import points_text

    stream = stream or sys.stdout
    header = ["student", *(problem.spec.name for problem in key), "total"]
    rows = [[grade.student, *(points_text(score.score) for score in grade.scores),
             f"{points_text(grade.total)} / {points_text(grade.max_score)}"] for grade in grades]
    if not stream.isatty():
        stream.write(plain_rows(header, rows))
        return
    from rich.table import Table

    table = Table()
    for column in header:
        table.add_column(column, justify="left" if column == "student" else "right")
    for row in rows:
        table.add_row(*row)
    _rich_console(stream).print(table)


def show_selftest(tests, stream=None):
    """A line per problem, then each mutant its points let pass, with where it differs from the reference."""
    stream = stream or sys.stdout
    for test in tests:
        stream.write(f"{test.problem}: {test.status}: {test.message}\n")
        for mutant, worst in test.uncaught:
            part = f" for d/d{mutant.variable}" if mutant.variable else ""
            at = ", ".join(f"{name}={number_text(value)}" for name, value in worst.values.items())
            stream.write(f"  {mutant.kind}{part}: {mutant.source} passes, but at {at} "
                         f"it gives {values_text(worst.given, PARTIAL)} instead of "
                         f"{values_text(worst.expected, PARTIAL)}\n")
    weak = sum(not test.ok for test in tests)
    stream.write(f"{len(tests) - weak} of {len(tests)} problems reject every mutant\n")


def selftest_json(tests):
    import json

    return json.dumps({"problems": [
        {"name": test.problem, "ok": test.ok, "status": test.status, "message": test.message, "mutants": test.tried,
         "uncaught": [{"kind": mutant.kind, "variable": mutant.variable, "answer": mutant.source,
                       "differs_at": {name: json_numbers(value) for name, value in worst.values.items()}}
                      for mutant, worst in test.uncaught]} for test in tests]}, allow_nan=False) + "\n"



# ---- check's plots ------------------------------------------------------------------------------------------
# The expected and the given derivative drawn with plotille (imported when a plot is drawn); the two differ
# by their marks, not only their colours, so a plot reads the same without colour and on a pipe.

GIVEN_MARK, DISAGREE_MARK = "o", "X"
GIVEN_MARKS = 40               # how many points of the given answer carry its mark


def check_plot(result, curve, variable, colour):
    """The plot of one problem: `curve` is evaluation.curves' (x, expected, given)."""
    import plotille

    x, expected, given = curve
    figure = plotille.Figure()
    figure.width, figure.height = 60, 15
    figure.with_colors = colour
    figure.origin = False  # axes through 0 would read as a third curve
    figure.x_label, figure.y_label = variable, f"d/d{variable}"
    figure.set_x_limits(min_=float(x.min()), max_=float(x.max()))
    low, high = float(min(expected.min(), given.min())), float(max(expected.max(), given.max()))
    figure.set_y_limits(min_=low - 0.05 * (high - low or 1), max_=high + 0.05 * (high - low or 1))
    figure.plot(x, expected, lc="green", label="expected (autograd)")
    step = max(1, len(x) // GIVEN_MARKS)
    figure.scatter(x[::step], given[::step], lc="yellow", marker=GIVEN_MARK, label=f"given ({GIVEN_MARK})")
    wrong = [point for point in result.points if not point.agrees and point.values[variable].ndim == 0]
    if wrong:
        figure.scatter([float(point.values[variable]) for point in wrong],
                       [float(point.given[variable]) for point in wrong], lc="red", marker=DISAGREE_MARK,
                       label=f"disagreeing points ({DISAGREE_MARK})")
    return f"{result.name}: d/d{variable}\n" + figure.show(legend=True) + "\n"


def values_text(values, label="{name}"):
    """x=0.5, w=[1, 2] (the number alone for one variable): 8 significant digits, a table's worth; the
    relative error column and --json carry the precision. `label` names derivatives: "d/d{name}"."""
    if len(values) == 1:
        return number_text(next(iter(values.values())))
    return ", ".join(f"{label.format(name=name)}={number_text(value)}" for name, value in values.items())


def number_text(value):
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 0:
        return f"{float(array):.8g}"
    return "[" + ", ".join(number_text(item) for item in array) + "]"


# ---- JUnit XML --------------------------------------------------------------------------------------------


def write_check_junit(results, path):
    """One <testsuite> per file, one <testcase> per problem; a fail is a <failure>, an error an <error>."""
    import xml.etree.ElementTree as ElementTree

    root = ElementTree.Element("testsuites", name="gradcli check")
    for file in dict.fromkeys(result.file for result in results):
        in_file = [result for result in results if result.file == file]
        count = check_counts(in_file)
        suite = ElementTree.SubElement(root, "testsuite", name=file, tests=str(len(in_file)),
                                       failures=str(count["fail"]), errors=str(count["error"]), skipped="0")
        for result in in_file:
            case = ElementTree.SubElement(suite, "testcase", name=result.name, classname=file)
            if result.ok:
                continue
            element = ElementTree.SubElement(case, "failure" if result.status == "fail" else "error",
                                             message=result.message.split("\n")[0])
            element.text = result.message if result.worst is None else (
                f"{result.message}\nworst point: {values_text(result.worst.values)}\n"
                f"expected: {values_text(result.worst.expected, PARTIAL)}\n"
                f"given: {values_text(result.worst.given, PARTIAL)}\n"
                f"relative error: {result.worst.error:.3g}")
    ElementTree.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


# ---- the REPL's :vars and :graph ---------------------------------------------------------------------------


def show_variables(variables, stream):
    """The REPL's :vars: a table of the session's variables."""
    from rich.table import Table

    from gradcli.runtime.sandbox.capabilities import type_name
    from gradcli.torch import Tensor

    table = Table("name", "type", "shape", "dtype", "requires_grad", "is_leaf", "grad")
    for name, value in variables.items():
        if isinstance(value, Tensor):
            grad = "set" if value._grad is not None else "-"  # ._grad: reading .grad warns on non-leaves
            table.add_row(name, "Tensor", str(list(value.shape)), str(value.dtype), str(value.requires_grad),
                          str(value.is_leaf), grad)
        else:
            table.add_row(name, type_name(value), "", "", "", "", "")
    _rich_console(stream).print(table)



# ---- explanations (gradcli explain, the REPL's :explain) -----------------------------------------------------

GAP = "   "
EXPLAIN_THRESHOLD = 64  # an explanation shows each tensor several times: larger ones summarised (torch's ...)


def write_json(data, stream=None):
    import json

    (stream or sys.stdout).write(json.dumps(data, allow_nan=False) + "\n")


def show_explanation(explanation, title, stream=None):
    stream = stream or sys.stdout
    stream.write(explanation_text(explanation, title, ansi.colour_enabled(stream)))


def explanation_text(explanation, title, colour=False):
    """A gradcli.explain Explanation as text: the forward stages as columns, then each backward step with
    what it sends to each input; on a terminal, grad_fn names in cyan and where nan/inf first appears in red."""
    def paint(words, style):
        return f"{style}{words}{ansi.RESET}" if colour else words

    lines = [title, "", "forward: each value in the order it was computed"]
    stages = explanation.forward
    width = max(len(stage.label) for stage in stages)
    kinds = max(len(stage.grad_fn) for stage in stages)
    shapes = max(len(_shape_words(stage.shape)) for stage in stages)
    for stage in stages:
        head = f"  {stage.label:<{width}}  {stage.grad_fn:<{kinds}}  {_shape_words(stage.shape):<{shapes}}  "
        line = head + (_numbers(stage.value, len(head)) if stage.value is not None else "(not kept)")
        lines.append(paint(line + _first_non_finite(stage.value), ansi.BOLD_RED) if stage.non_finite_first else line)
    lines += ["", "backward: newest node first, each once every use of its value has sent its gradient"]
    for step in explanation.backward:
        lines.append(_joined("  ", [(step.label, None), (paint(step.grad_fn, ansi.BOLD_CYAN), None),
                                    _valued("grad", step.upstream)]))
        targets = [f"→ {sent.to} ({sent.input_name})" for sent in step.sent]
        for sent, target in zip(step.sent, targets):
            line = _joined("    ", [(target.ljust(max(map(len, targets))), None), *_sent_parts(sent)])
            lines.append(paint(line + _first_non_finite(sent.product), ansi.BOLD_RED) if sent.non_finite_first
                         else line)
        for label, grad in step.completed:
            lines.append(_joined("    ", [(f"{label}.grad = ", grad)]))
    lines += ["", "leaves"]
    for label, grad in explanation.grads.items():
        lines.append(_joined("  ", [_valued(f"{label}.grad", grad)]))
    return "\n".join(lines) + "\n"


def _first_non_finite(array):
    from gradcli.explain.backprop import non_finite_kinds

    return f"  <- {non_finite_kinds(array)} first appears here"


def _shape_words(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def _valued(words, array):
    """`words = ` before a value, with the shape when it is not a single number: `grad [3, 2] = `."""
    return (f"{words} {_shape_words(array.shape)} = " if array.ndim else f"{words} = "), array


def _sent_parts(sent):
    """The local derivative and the product (or the vjp in words), sum_to, +=: what one input receives."""
    if sent.local is not None:
        constant = _is_number(sent.formula)  # ∂/∂a = 1, not 1 = 1.
        parts = [(f"∂/∂{sent.input_name} = {sent.formula}", None) if constant
                 else _valued(f"∂/∂{sent.input_name} = {sent.formula}", sent.local),
                 _valued(f"grad · {_factor(sent.formula)}", sent.product)]
    else:
        parts = [_valued(sent.formula if sent.formula is not None else "vjp", sent.product)]
    if sent.reduced_from is not None:
        parts.append((f"sum_to {_shape_words(sent.reduced_from)} → {_shape_words(sent.gradient.shape)} = ",
                      sent.gradient))
    if sent.running_sum is not None:
        parts.append(_valued("+=, running sum", sent.running_sum))
    return parts


def _is_number(words):
    try:
        float(words)
    except ValueError:
        return False
    return True


def _factor(formula):
    """The formula as a factor of the product: its last form without notes (`exp(a) = out` gives `out`),
    `b` and `cos(a)` as they are, `1 / a` in parentheses."""
    import re

    formula = formula.split("  (")[0].split(" = ")[-1]
    simple = re.fullmatch(r"-?[\w.]+(\(.*\))?", formula) and formula.count("(") <= 1
    return formula if simple else f"({formula})"


def _joined(indent, parts):
    """(words, array or None) parts on one line, except that a value spanning lines starts a line of its
    own (indented under the first part), and so does the part after it."""
    text, previous_spans_lines = "", False
    for i, (words, array) in enumerate(parts):
        value = _numbers(array, 0) if array is not None else ""
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


def _numbers(array, indent):
    return torch_numbers(array, EXPLAIN_THRESHOLD).replace("\n", "\n" + " " * indent)


def _visible_length(words):
    import re

    return len(re.sub(r"\x1b\[[0-9;]*m", "", words))


class ReplViews:
    """What the REPL's :vars, :graph and :explain draw with (gradcli.repl.Session's views)."""

    variables = staticmethod(show_variables)
    graph = staticmethod(show_graph)
    explanation = staticmethod(show_explanation)
