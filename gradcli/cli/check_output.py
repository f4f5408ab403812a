"""What `gradcli check` prints: a Rich table and a summary line, the JSON object, or JUnit XML."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ElementTree

import numpy as np

from gradcli.cli.render import json_numbers

PARTIAL = "d/d{name}"
STATUS_STYLES = {"pass": "green", "fail": "bold red", "error": "bold magenta"}


def counts(results):
    return {status: sum(result.status == status for result in results) for status in ("pass", "fail", "error")}


def json_object(results):
    count = counts(results)
    return {"passed": count["pass"], "failed": count["fail"], "errors": count["error"],
            "problems": [{"name": result.name, "file": result.file or None, "ok": result.ok, "status": result.status,
                          "max_error": None if result.worst is None else json_numbers(result.worst.error),
                          "worst_at": None if result.worst is None else
                          {name: json_numbers(value) for name, value in result.worst.values.items()},
                          "message": result.message,
                          "diagnoses": [{"variable": finding.variable, "diagnosis": finding.key,
                                         "evidence": finding.evidence} for finding in result.findings]}
                         for result in results]}


def json_text(results):
    return json.dumps(json_object(results), allow_nan=False) + "\n"


def summary(results):
    count = counts(results)
    files = len(dict.fromkeys(result.file for result in results if result.file))
    errors = f"{count['error']} error{'s' if count['error'] != 1 else ''}"
    where = f" in {files} file{'s' if files != 1 else ''}" if files else ""
    return (f"{count['pass']} passed, {count['fail']} failed, {errors} "
            f"({len(results)} problem{'s' if len(results) != 1 else ''}{where})")


# ---- the terminal ---------------------------------------------------------------------------------------


def show(results, verbose, tsv=False, stream=None):
    """A Rich table on a terminal; aligned plain rows on a pipe (numbers never wrap); TSV with `tsv`."""
    stream = stream or sys.stdout
    header, rows = table_rows(results)
    if tsv:
        stream.write("".join("\t".join(cell.replace("\t", " ") for cell in row) + "\n" for row in [header, *rows]))
        return
    notes = [*_notes(results, verbose), (summary(results), "bold")]
    if not stream.isatty():
        stream.write(plain_rows(header, rows) + "".join(text + "\n" for text, _ in notes))
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=stream, highlight=False)
    table = Table(show_lines=False)
    for column in header:
        table.add_column(column, overflow="fold")
    status = header.index("status")
    for row in rows:
        table.add_row(*(Text(cell, style=STATUS_STYLES[cell] if i == status else "") for i, cell in enumerate(row)))
    console.print(table)
    for text, style in notes:
        console.print(Text(text, style=style))


def table_rows(results):
    """The header and a row of cells per problem, a `file` column first when the problems come from several
    files. An error's message stands in for its numbers."""
    several = len(dict.fromkeys(result.file for result in results)) > 1
    header = ["file"] * several + ["problem", "status", "worst point", "expected", "given", "relative error"]
    rows = []
    for result in results:
        worst = result.worst
        numbers = [result.message.split("\n")[0], "", "", ""] if worst is None else [
            values_text(worst.values), values_text(worst.expected, PARTIAL), values_text(worst.given, PARTIAL),
            f"{worst.error:.3g}"]
        rows.append([result.file] * several + [result.name, result.status, *numbers])
    return header, rows


def plain_rows(header, rows):
    """Columns aligned with two spaces between them; a long cell widens its column rather than wrap."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() + "\n"
                   for row in [header, *rows])


def _notes(results, verbose):
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
    from rich.console import Console
    from rich.table import Table

    table = Table()
    for column in header:
        table.add_column(column, justify="left" if column == "student" else "right")
    for row in rows:
        table.add_row(*row)
    Console(file=stream, highlight=False).print(table)


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
    return json.dumps({"problems": [
        {"name": test.problem, "ok": test.ok, "status": test.status, "message": test.message, "mutants": test.tried,
         "uncaught": [{"kind": mutant.kind, "variable": mutant.variable, "answer": mutant.source,
                       "differs_at": {name: json_numbers(value) for name, value in worst.values.items()}}
                      for mutant, worst in test.uncaught]} for test in tests]}, allow_nan=False) + "\n"


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


def write_junit(results, path):
    """One <testsuite> per file, one <testcase> per problem; a fail is a <failure>, an error an <error>."""
    root = ElementTree.Element("testsuites", name="gradcli check")
    for file in dict.fromkeys(result.file for result in results):
        in_file = [result for result in results if result.file == file]
        count = counts(in_file)
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
