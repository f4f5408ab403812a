"""`gradcli check FILE...`: grade derivative answers in TOML problem sets; `--gradcheck EXPR --at ...`: check
autograd itself against finite differences.

Exit codes: 0 every problem passes; 1 a problem failed or could not be graded (or gradcheck failed);
2 a file cannot be read, is not TOML or lacks a required key, or the command line is wrong. Only typer is
imported here; the grader, the engine and Rich load when the command runs.
"""

import sys
from typing import Annotated, Optional

import typer

from gradcli.cli import calc

EXIT_FAILED, EXIT_INVALID = 1, 2


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
        at: calc.At = None) -> None:
    """Grade derivative answers: gradcli check examples/homework/calculus.toml"""
    if gradcheck is not None:
        return _gradcheck(gradcheck, at, json, files)
    results = []
    with calc.reported_errors():  # errors and engine warnings as `gradcli: ...` lines, as the calculator's
        results = _grade_files(files, at, verbose, json, junit)
    if not results or not all(result.ok for result in results):
        raise typer.Exit(EXIT_FAILED)


def _grade_files(files, at, verbose, as_json, junit):
    if not files:
        raise calc.CalcError("give one or more FILEs to grade (or --gradcheck EXPR --at NAME=VALUE)", EXIT_INVALID)
    if at:
        raise calc.CalcError("--at goes with --gradcheck; a problem's points are given in its file (at = [...])",
                             EXIT_INVALID)
    from gradcli.cli import check_format, check_grade, check_output

    try:
        specs = [spec for path in files for spec in check_format.load(path)]
    except check_format.FormatError as error:
        raise calc.CalcError(str(error), EXIT_INVALID) from None
    results = [check_grade.grade(spec) for spec in specs]
    if as_json:
        sys.stdout.write(check_output.json_text(results))
    else:
        check_output.show(results, verbose)
    if junit:
        try:
            check_output.write_junit(results, junit)
        except OSError as error:
            raise calc.CalcError(f"--junit {junit}: cannot write the file: {error.strerror}", EXIT_INVALID) from None
    return results


def _gradcheck(expr, at, as_json, files):
    """torch.autograd.gradcheck's comparison: the analytical Jacobian against float64 central differences."""
    import json

    from gradcli.engine.functional import GradcheckError, gradcheck

    found = None
    with calc.reported_errors():
        if files:
            raise calc.CalcError("give either FILE... or --gradcheck EXPR, not both", EXIT_INVALID)
        problem = calc.Problem(expr, at, None, calc.DType.float64)
        if not problem.wrt:
            raise calc.CalcError("--gradcheck needs at least one input: --at NAME=VALUE")

        def mismatch():
            try:
                gradcheck(problem.function, problem.inputs())
            except GradcheckError as error:  # a disagreement is the answer, not an error in EXPR
                return str(error).strip()
            return None

        found = calc.computing(problem, mismatch)
        message = found or "autograd agrees with central differences (eps=1e-06, atol=1e-05, rtol=0.001)"
        if as_json:
            sys.stdout.write(json.dumps({"expr": problem.source, "context": problem.context(), "ok": found is None,
                                         "message": message}) + "\n")
        else:
            sys.stdout.write(f"gradcheck {'passed' if found is None else 'FAILED'}: {problem.source} "
                             f"{problem.context()}\n{message}\n")
    if found is not None:
        raise typer.Exit(EXIT_FAILED)
