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
            "problems": [{"name": result.name, "ok": result.ok, "status": result.status,
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


def show(results, verbose, stream=None):
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=stream or sys.stdout, highlight=False)
    table = Table(show_lines=False)
    for column in ("problem", "status", "worst point", "expected", "given", "relative error"):
        table.add_column(column, overflow="fold")
    for result in results:
        status = Text(result.status, style=STATUS_STYLES[result.status])
        if result.worst is None:  # an error: its message stands in for the numbers
            table.add_row(Text(result.name), status, Text(result.message.split("\n")[0]), "", "", "")
            continue
        worst = result.worst
        table.add_row(Text(result.name), status, Text(values_text(worst.values)),
                      Text(values_text(worst.expected, PARTIAL)), Text(values_text(worst.given, PARTIAL)),
                      Text(f"{worst.error:.3g}"))
    console.print(table)
    for result in results:
        for finding in result.findings:
            console.print(Text(f"{result.name}: {finding.key}: {finding.evidence}"))
        if result.status == "error" and "\n" in result.message:  # the caret under the failing part
            console.print(Text(f"{result.name}: {result.message}", style=STATUS_STYLES["error"]))
        if verbose and result.points:
            console.print(Text(f"{result.name}: {result.message}", style="bold"))
            for point in result.points:
                mark = "ok  " if point.agrees else "FAIL"
                console.print(Text(f"  {mark} at {values_text(point.values)}: "
                                   f"expected {values_text(point.expected, PARTIAL)}, "
                                   f"given {values_text(point.given, PARTIAL)}, relative error {point.error:.3g}"
                                   + (" (explicit)" if point.explicit else "")))
    console.print(Text(summary(results), style="bold"))


def show_gradebook(grades, key, stream=None):
    """The gradebook as a table: a student per row, a score per problem, the total."""
    from rich.console import Console
    from rich.table import Table

    from gradcli.grading.reports import points_text

    console = Console(file=stream or sys.stdout, highlight=False)
    table = Table()
    for column in ("student", *(problem.spec.name for problem in key), "total"):
        table.add_column(column, justify="left" if column == "student" else "right")
    for grade in grades:
        table.add_row(grade.student, *(points_text(score.score) for score in grade.scores),
                      f"{points_text(grade.total)} / {points_text(grade.max_score)}")
    console.print(table)


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
