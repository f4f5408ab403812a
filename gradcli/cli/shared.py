"""What the commands share, defined once: the calculator's options (--at, --wrt, --dtype, --json), the
script options (--max-elements, --timeout), Typer plumbing without pydantic or Typer's Rich formatter, and
how an error becomes a message and an exit code. Only typer is imported here."""

import contextlib
import enum
import gc
import sys
from typing import Annotated, Optional

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer.core import TyperCommand, TyperGroup

from gradcli.calc.values import VALUE_HELP
from gradcli.exitcodes import EXIT_FAILURE
from gradcli.runtime.sandbox.limits import DEFAULT_MAX_ELEMENTS


class DType(str, enum.Enum):
    float64 = "float64"
    float32 = "float32"


Expr = Annotated[str, typer.Argument(metavar="EXPR", show_default=False,
                                     help="An expression of the gradcli language, e.g. 'x**2 * sin(x)'.")]
At = Annotated[Optional[list[str]], typer.Option(
    "--at", metavar="NAME=VALUE", show_default=False,
    help=f"Bind NAME to a leaf tensor (once per name); VALUE is {VALUE_HELP}; START:STOP:STEP gives many points.")]
Wrt = Annotated[Optional[list[str]], typer.Option(
    "--wrt", metavar="NAME", show_default=False, help="Differentiate with respect to NAME only (repeatable).")]
DTypeOption = Annotated[DType, typer.Option("--dtype", help="Compute in this dtype (literals in EXPR too).")]
Json = Annotated[bool, typer.Option("--json", help="Print exactly one JSON object (repr-exact numbers); at several "
                                                   "points, one JSON list of them.")]
Degrees = Annotated[bool, typer.Option("--deg", help="Trigonometry in degrees: sin, cos, tan (sec, csc, cot) take "
                                                     "degrees; their inverses give degrees.")]
Each = Annotated[bool, typer.Option("--each", help="Evaluate at each element of every list VALUE, a row per point "
                                                   "(as --at x=0:1:0.25 does without it).")]
MAX_ELEMENTS_OPTION = typer.Option(
    DEFAULT_MAX_ELEMENTS, "--max-elements", min=1,
    help="Largest tensor (in elements) a script may create; bigger requests stop it with a MemoryError.")
TIMEOUT_OPTION = typer.Option(
    None, "--timeout", metavar="SECONDS",
    help="Stop the script with a TimeoutError after this many seconds (default: no limit; Ctrl-C always can).")


def element_limit(value):
    """--max-elements as typed (options pass verbatim, without pydantic: see VerbatimCommand)."""
    if isinstance(value, int):
        return value
    if not value.isdigit() or int(value) < 1:
        raise typer.BadParameter(f"{value!r} is not a whole number of at least 1", param_hint="'--max-elements'")
    return int(value)


def seconds_limit(value):
    """--timeout as typed: a positive number of seconds, or None."""
    if value is None or isinstance(value, float):
        return value
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise typer.BadParameter(f"{value!r} is not a positive number of seconds", param_hint="'--timeout'")
    return seconds


# ---- errors ---------------------------------------------------------------------------------------------


def report_command(report_name, summary):
    """A calculator command whose report is gradcli.calc.<report_name>(problem): jacobian, hessian."""

    def command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                json: Json = False, deg: Degrees = False, each: Each = False) -> None:
        from gradcli import calc
        from gradcli.cli import output

        def compute():
            problem = calc.Problem(expr, at, wrt, dtype, degrees=deg, each=each)
            report = getattr(calc, report_name)
            output.show_reports(problem, lambda point: (report(point), None), json)

        run_reported(compute)

    command.__doc__ = summary  # Typer's help for the command
    return command


def run_reported(body):
    """body() on a thread with a deep stack, as `gradcli run` runs scripts (a 10,000-term EXPR is a tree
    that deep, and evaluating or drawing it recurses), its errors reported as reported_errors does."""
    from gradcli.engine import mkl  # (here: the engine's NumPy error state, set per thread, is what the worker copies)
    from gradcli.runtime.sandbox.limits import DEFAULT_MAX_DEPTH
    from gradcli.runtime.sandbox.watchdog import PYTHON_FRAMES_PER_SCRIPT_CALL, run_on_deep_stack

    mkl.load_in_background()  # the expression's functions are MKL's: loaded while the calculator's modules import
    with reported_errors():
        error = run_on_deep_stack(body, DEFAULT_MAX_DEPTH * PYTHON_FRAMES_PER_SCRIPT_CALL)
        if error is not None:
            raise error


@contextlib.contextmanager
def reported_errors():
    """Usage and computation errors become a message on stderr and the exit code; typer.Exit is raised
    here, outside the body (typer.Exit is a RuntimeError, so the body's handlers must never see it)."""
    import os

    from gradcli.calc.errors import CalcError
    from gradcli.cli import output

    try:
        with _captured_warnings():
            yield
    except CalcError as error:
        output.report_error(error.message)
        raise typer.Exit(error.exit_code) from None
    except BrokenPipeError:  # the reader went away (`| head`): no more output, and no noise at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except Exception as error:  # a gradcli bug: say so plainly rather than show gradcli's own traceback
        from gradcli.runtime.report import exception_line

        output.report_error(f"internal error: {exception_line(error).strip()} (a gradcli bug; please report it)")
        raise typer.Exit(EXIT_FAILURE) from None


@contextlib.contextmanager
def _captured_warnings():
    """The engine's warnings (torch's UserWarnings) as `gradcli: warning:` lines, each once."""
    import warnings

    from gradcli.cli import output
    from gradcli.engine.tensor import forget_warnings_once

    forget_warnings_once()  # each command is a run of its own, as a torch process warns once in its life
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            yield
        finally:
            for message in dict.fromkeys(f"{w.category.__name__}: {w.message}" for w in caught):
                output.warn(message)


# ---- Typer plumbing ---------------------------------------------------------------------------------


class _Verbatim:
    """Typer 0.29 passes every option value through a pydantic TypeAdapter, and importing pydantic alone
    takes longer than a whole calculation. gradcli's options are strings and flags that the commands
    check themselves (checked_choice, parse_bindings, element_limit), so their values pass through as the
    parser read them."""

    def coerce(self, value, param, ctx):
        return list(value) if isinstance(value, tuple) else value


# Typer 0.29 shows each parameter's Python type in the help (<bool>, <str>, <list[str]>): shown instead,
# nothing where the name or metavar says it all, else the words click used.
SHOWN_TYPES = {"bool": None, "str": None, "list[str]": None, "int": "INTEGER", "int range": "INTEGER",
               "float": "NUMBER"}


def _verbatim(params):
    for param in params:
        param._runtime_param = _Verbatim()  # the slot Typer fills lazily with its pydantic coercion
        if "display_type_rich" not in vars(param):  # get_params runs more than once on the same params
            param.display_type_rich = _shown_type(param.display_type_rich)
    return params


def _shown_type(typer_display_type):
    def display_type_rich(ctx):
        shown = typer_display_type(ctx)
        if shown is None or not (shown.startswith("<") and shown.endswith(">")):
            return shown  # a metavar
        return SHOWN_TYPES.get(shown[1:-1], shown[1:-1])

    return display_type_rich


class _GradcliHelp:
    """The help page of gradcli.cli.help (imported only to show one) where Typer's would import
    typer.rich_utils. click asks format_help for the page as text, which it prints; the app's
    rich_markup_mode=None turns off the Rich paths Typer has left (its "Aborted." on end of input)."""

    def format_help(self, ctx, formatter):
        from gradcli.cli.help import help_page

        formatter.write(help_page(self, ctx))
        ctx.color = True  # Rich decided where the page is coloured (NO_COLOR, FORCE_COLOR): click's echo keeps it


# New objects between the collector's young collections, where Python's default is 700: at 700, the modules a
# command imports as it first uses them (the grader's, the interpreter's) set off 13 young collections and a middle
# one in `check`, 1.6 ms of its 120, which freed some 40 objects (those modules live to the end). Cycles that a
# script's loops leave are still freed, in batches of this size.
YOUNG_COLLECTION_AFTER = 10_000


class VerbatimCommand(_GradcliHelp, TyperCommand):
    def get_params(self, ctx):
        return _verbatim(super().get_params(ctx))

    def invoke(self, ctx):
        if not gc.isenabled():  # started by gradcli.__main__ (not typer.testing): its start-up is over
            import numpy  # noqa: F401  (every command computes with it: part of the start-up, as the rest)

            gc.freeze()  # what start-up made lives to the end: the collector need never look at it again
            gc.set_threshold(YOUNG_COLLECTION_AFTER, *gc.get_threshold()[1:])
            gc.enable()  # the command may run a script's loops, whose reference cycles must be freed
        return super().invoke(ctx)


class VerbatimGroup(_GradcliHelp, TyperGroup):
    """The app's group, whose --help option would otherwise load pydantic before any command runs. Every
    usage error (a bad option or command here, or in the command it runs) is raised within its make_context
    or invoke, inside Typer's handler (typer.core._main), which draws the error panel with typer.rich_utils
    or, without Rich markup, prints click's plain lines: caught here first, it is drawn by gradcli.cli.help
    and becomes typer.Exit with the error's exit code (2)."""

    def get_params(self, ctx):
        return _verbatim(super().get_params(ctx))

    def make_context(self, info_name, args, parent=None, **extra):
        with _shown_usage_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx):
        with _shown_usage_errors():
            return super().invoke(ctx)


@contextlib.contextmanager
def _shown_usage_errors():
    """click's errors shown by gradcli.cli.help, as typer.Exit."""
    try:
        yield
    except NoArgsIsHelpError as error:  # `gradcli` alone, not on a terminal: the help page, as --help prints it
        typer.echo(error.format_message(), color=error.ctx.color)
        raise typer.Exit(error.exit_code) from None
    except ClickException as error:
        from gradcli.cli.help import show_usage_error

        show_usage_error(error)
        raise typer.Exit(error.exit_code) from None


class CalculatorCommand(VerbatimCommand):
    """A calculator command: EXPR may start with '-' (`-x**2`), so unknown options are kept as arguments
    (COMMAND_SETTINGS); an unknown `--word` is a misspelt option, though, and is named with the closest
    known one."""

    def parse_args(self, ctx, args):
        import difflib

        known = [name for param in self.get_params(ctx) for name in param.opts if name.startswith("--")]
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0]
            if name[:2] == "--" and name[2:3].isalpha() and name not in known:
                near = difflib.get_close_matches(name, known, n=1)
                ctx.fail(f"No such option: {name}" + (f" (did you mean {near[0]}?)" if near else ""))
        return super().parse_args(ctx, args)


# EXPR may start with '-' (`-x**2`): the calculator's commands keep unknown options as arguments.
COMMAND_SETTINGS = {"ignore_unknown_options": True}
CALCULATOR_COMMAND = {"cls": CalculatorCommand, "context_settings": COMMAND_SETTINGS}
