"""`gradcli check FILE...`: grade derivative answers in TOML problem sets (gradcli.grading); `--gradcheck EXPR
--at ...`: check autograd itself against finite differences (gradcli.calc.gradcheck).

Exit codes: 0 every problem passes; 1 a problem failed or could not be graded (or gradcheck failed);
2 a file cannot be read, is not TOML or lacks a required key, or the command line is wrong. Only typer is
imported here; the grader, the engine and Rich load when the command runs.
"""

import sys
from typing import Annotated, Optional

import typer

from gradcli.cli.shared import At, reported_errors
from gradcli.exitcodes import EXIT_FAILURE, EXIT_USAGE


def check_command(
        files: Annotated[Optional[list[str]], typer.Argument(
            metavar="FILE...", show_default=False, help="TOML problem sets (format: README, 'Homework checking').")]
        = None,
        verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show every point's values.")] = False,
        json: Annotated[bool, typer.Option("--json", help="Print exactly one JSON object.")] = False,
        junit: Annotated[Optional[str], typer.Option("--junit", metavar="FILE", show_default=False,
                                                     help="Also write JUnit XML to FILE.")] = None,
        gradcheck: Annotated[Optional[str], typer.Option(
            "--gradcheck", metavar="EXPR", show_default=False,
            help="Instead of files: compare autograd's derivative of EXPR with float64 finite differences.")]
        = None,
        at: At = None) -> None:
    """Grade derivative answers: gradcli check examples/homework/calculus.toml"""
    if gradcheck is not None:
        return _gradcheck(gradcheck, at, json, files)
    results = []
    with reported_errors():  # errors and engine warnings as `gradcli: ...` lines, as the calculator's
        results = _grade_files(files, at, verbose, json, junit)
    if not results or not all(result.ok for result in results):
        raise typer.Exit(EXIT_FAILURE)


def _grade_files(files, at, verbose, as_json, junit):
    from gradcli.calc import CalcError

    if not files:
        raise CalcError("give one or more FILEs to grade (or --gradcheck EXPR --at NAME=VALUE)", EXIT_USAGE)
    if at:
        raise CalcError("--at goes with --gradcheck; a problem's points are given in its file (at = [...])",
                        EXIT_USAGE)
    from gradcli import grading
    from gradcli.cli import output

    try:
        specs = [spec for path in files for spec in grading.load(path)]
    except grading.FormatError as error:
        raise CalcError(str(error), EXIT_USAGE) from None
    results = [grading.grade(spec) for spec in specs]
    if as_json:
        sys.stdout.write(output.check_json_text(results))
    else:
        output.show_check(results, verbose)
    if junit:
        try:
            output.write_check_junit(results, junit)
        except OSError as error:
            raise CalcError(f"--junit {junit}: cannot write the file: {error.strerror}", EXIT_USAGE) from None
    return results


def _gradcheck(expr, at, as_json, files):
    """torch.autograd.gradcheck's comparison: the analytical Jacobian against float64 central differences."""
    from gradcli import calc

    found = None
    with reported_errors():
        if files:
            raise calc.CalcError("give either FILE... or --gradcheck EXPR, not both", EXIT_USAGE)
        problem = calc.Problem(expr, at, None, "float64")
        found = calc.gradcheck(problem)
        message = found or calc.GRADCHECK_AGREES
        if as_json:
            import json

            sys.stdout.write(json.dumps({"expr": problem.source, "context": problem.context(), "ok": found is None,
                                         "message": message}) + "\n")
        else:
            sys.stdout.write(f"gradcheck {'passed' if found is None else 'FAILED'}: {problem.source} "
                             f"{problem.context()}\n{message}\n")
    if found is not None:
        raise typer.Exit(EXIT_FAILURE)
