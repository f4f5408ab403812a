"""`gradcli check FILE...`: grade derivative answers in TOML problem sets (gradcli.grading); `EXPR --answer
ANSWER`: one problem from the command line; `--key KEY --submissions PATH`: a roster; `--selftest KEY`: a
key's mutants; `--gradcheck EXPR --at ...`: check autograd itself against finite differences
(gradcli.calc.gradcheck).

Exit codes: 0 every problem passes; 1 a problem failed or could not be graded (or gradcheck failed);
2 a file cannot be read, is not TOML or lacks a required key, or the command line is wrong. Only typer is
imported here; the grader, the engine and Rich load when the command runs.
"""

import sys
from typing import Annotated, Optional

import typer

from gradcli.calc.errors import CalcError
from gradcli.cli.shared import At, reported_errors
from gradcli.exitcodes import EXIT_FAILURE, EXIT_USAGE


def _valued(flag, metavar, help):
    """An option that takes a value (a string, checked by the command), absent by default."""
    return Annotated[Optional[str], typer.Option(flag, metavar=metavar, show_default=False, help=help)]


def check_command(
        files: Annotated[Optional[list[str]], typer.Argument(
            metavar="FILE...", show_default=False, help="TOML problem sets (format: README, 'Homework checking').")]
        = None,
        verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show every point's values.")] = False,
        json: Annotated[bool, typer.Option("--json", help="Print exactly one JSON object.")] = False,
        tsv: Annotated[bool, typer.Option("--tsv", help="Print the table as tab-separated values.")] = False,
        junit: _valued("--junit", "FILE", "Also write JUnit XML to FILE.") = None,
        answer: _valued("--answer", "ANSWER",
                        "One-shot: grade ANSWER as the derivative of the expression given instead of FILE.") = None,
        wrt: _valued("--wrt", "NAME", "One-shot: ANSWER is the partial derivative with respect to NAME.") = None,
        ranges: Annotated[Optional[list[str]], typer.Option(
            "--range", metavar="[NAME=]LOW:HIGH", show_default=False,
            help="One-shot: the sampling interval (of NAME, or of every variable); default -2:2.")] = None,
        points: _valued("--points", "N", "One-shot: sampled points (default 10).") = None,
        tolerance: _valued("--tolerance", "REL", "One-shot: relative tolerance (default 1e-6).") = None,
        key: _valued("--key", "FILE", "Grade a roster: the key (problems, weights, credit rules); with "
                                      "--submissions.") = None,
        submissions: _valued("--submissions", "PATH", "The roster: a CSV (student, one column per problem) or a "
                                                      "directory of per-student TOML.") = None,
        out: _valued("--out", "DIR", "Write the gradebook, feedback and Gradescope results of a roster under DIR.")
        = None,
        plot: Annotated[bool, typer.Option(
            "--plot", help="Draw the expected and the given derivative of each failing problem (of a one-shot "
                           "check, always; a failing one-shot check on a terminal draws it anyway).")] = False,
        selftest: _valued("--selftest", "KEY",
                          "Test a key: do its points reject plausible wrong versions of each reference answer?")
        = None,
        gradcheck: _valued("--gradcheck", "EXPR", "Instead of files: compare autograd's derivative of EXPR with "
                                                  "float64 finite differences.") = None,
        at: At = None) -> None:
    """Grade derivative answers: gradcli check examples/homework/calculus.toml"""
    from gradcli.engine import mkl

    mkl.load_in_background()  # the problems' functions are MKL's: loaded while the grader's modules import
    if gradcheck is not None:
        return _gradcheck(gradcheck, at, json, files)
    results = []
    with reported_errors():  # errors and engine warnings as `gradcli: ...` lines, as the calculator's
        if selftest is not None:
            results = _selftest(selftest, files, json)
        elif key is not None or submissions is not None:
            results = _grade_roster(files, key, submissions, out, json, junit)
        else:
            if answer is not None:
                specs = [_one_shot(files, answer, wrt, ranges, points, tolerance)]
            else:
                _only_one_shot(wrt=wrt, range=ranges, points=points, tolerance=tolerance)
                specs = _loaded(files, at)
            results = _graded(specs, verbose, json, junit, tsv)
            one_shot_failed = answer is not None and not results[0].ok and sys.stdout.isatty()
            if (plot or one_shot_failed) and not json:
                _plots(specs, results, every=answer is not None)
    if not results or not all(result.ok for result in results):
        raise typer.Exit(EXIT_FAILURE)


def _selftest(key_path, files, as_json):
    from gradcli.cli import output
    from gradcli.grading import problems, roster, selftest

    if files:
        raise CalcError("--selftest KEY tests one key (and no FILE...)", EXIT_USAGE)
    try:
        key = roster.load_key(key_path)
    except (roster.RosterError, problems.FormatError) as error:
        raise CalcError(str(error), EXIT_USAGE) from None
    tests = [selftest.selftest(problem.spec) for problem in key]
    if as_json:
        sys.stdout.write(output.selftest_json(tests))
    else:
        output.show_selftest(tests)
    return tests


def _grade_roster(files, key_path, submissions_path, out, as_json, junit):
    from gradcli.grading import problems, reports, roster

    if files or not key_path or not submissions_path:
        raise CalcError("a roster is graded with --key FILE --submissions PATH (and no FILE...)", EXIT_USAGE)
    try:
        key = roster.load_key(key_path)
        submissions = roster.load_submissions(submissions_path, key)
    except (roster.RosterError, problems.FormatError) as error:
        raise CalcError(str(error), EXIT_USAGE) from None
    grades = roster.grade_roster(key, submissions)
    try:
        if out:
            reports.write_outputs(grades, key, out)
        if junit:
            reports.write_junit(grades, junit)
    except OSError as error:
        raise CalcError(f"{error.filename}: cannot write the file: {error.strerror}", EXIT_USAGE) from None
    if as_json:
        import json

        sys.stdout.write(json.dumps({"students": [reports.feedback_object(grade) for grade in grades]}) + "\n")
    else:
        from gradcli.cli import output

        output.show_gradebook(grades, key)
    return grades


def _loaded(files, at):
    if not files:
        raise CalcError("give one or more FILEs to grade, or EXPR --answer ANSWER (or --gradcheck EXPR "
                             "--at NAME=VALUE)", EXIT_USAGE)
    if at:
        raise CalcError("--at goes with --gradcheck; a problem's points are given in its file (at = [...])",
                             EXIT_USAGE)
    from gradcli import grading

    try:
        return [spec for path in files for spec in grading.load(path)]  # `-`: standard input
    except grading.FormatError as error:
        raise CalcError(str(error), EXIT_USAGE) from None


def _only_one_shot(**options):
    for name, value in options.items():
        if value is not None:
            raise CalcError(f"--{name} goes with a one-shot check: gradcli check EXPR --answer ANSWER "
                                 f"--{name} ...; in a file, each problem sets its own", EXIT_USAGE)


def _one_shot(arguments, answer, wrt, ranges, points, tolerance):
    from gradcli.grading import oneshot, problems

    if not arguments or len(arguments) != 1:
        raise CalcError("--answer grades one expression: gradcli check EXPR --answer ANSWER", EXIT_USAGE)
    try:
        return oneshot.spec(arguments[0], answer, wrt, dict(_range(text) for text in ranges or ()),
                            _number(points, "--points", int), _number(tolerance, "--tolerance", float))
    except problems.FormatError as error:  # its message names the problem by EXPR: say which option
        message = str(error).replace(f": problem '{arguments[0].strip()}': ", ": --", 1).lstrip(": ")
        raise CalcError(message.replace("--range.", "--range ", 1), EXIT_USAGE) from None


def _number(text, option, kind):
    if text is None:
        return None
    try:
        return kind(text)
    except ValueError:
        raise CalcError(f"{option} {text}: expected {'an integer' if kind is int else 'a number'}",
                             EXIT_USAGE) from None


def _range(text):
    """--range x=-3:3 -> ('x', (-3.0, 3.0)); --range -3:3 -> (None, (-3.0, 3.0))."""
    name, equals, interval = text.rpartition("=")
    low, colon, high = interval.partition(":")
    try:
        bounds = (float(low), float(high))
    except ValueError:
        bounds = None
    if not colon or bounds is None or (equals and not name.strip().isidentifier()):
        raise CalcError(f"--range {text}: expected LOW:HIGH or NAME=LOW:HIGH, e.g. --range x=-3:3",
                             EXIT_USAGE)
    return (name.strip() or None), bounds


def _graded(specs, verbose, as_json, junit, tsv):
    from gradcli import grading
    from gradcli.cli import output
    from gradcli.grading import parallel

    with parallel.full_collections_deferred():  # a full collection would rescan every result as they are shown
        results = parallel.mapped(grading.grade, specs)
        if as_json:
            sys.stdout.write(output.check_json_text(results))
        else:
            output.show_check(results, verbose, tsv)
    if junit:
        try:
            output.write_check_junit(results, junit)
        except OSError as error:
            raise CalcError(f"--junit {junit}: cannot write the file: {error.strerror}", EXIT_USAGE) from None
    return results


def _plots(specs, results, every):
    from gradcli import ansi
    from gradcli.cli import output
    from gradcli.grading import evaluation

    colour = ansi.colour_enabled(sys.stdout)
    for spec, result in zip(specs, results):
        if every or result.status == "fail":
            for variable, curve in evaluation.answer_curves(spec, result):
                sys.stdout.write(output.check_plot(result, curve, variable, colour))


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
