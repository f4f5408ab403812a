"""`gradcli run FILE|-` and `gradcli eval CODE`: run a script in the gradcli language
(gradcli.runtime.session.run_source).

Exit codes: 0 the script ran to its end; 1 an uncaught error stopped it; 2 bad usage, or input that
cannot be read or parsed. Only typer is imported here; the language and the engine load when a command
runs, so `gradcli --help` stays fast.
"""

import os
import sys

import typer

from gradcli import ansi
from gradcli.cli.shared import MAX_ELEMENTS_OPTION, TIMEOUT_OPTION, element_limit, seconds_limit
from gradcli.exitcodes import EXIT_USAGE


def run_command(
    file: str = typer.Argument(..., metavar="FILE|-", help="The script to run; - reads it from standard input."),
    max_elements: int = MAX_ELEMENTS_OPTION,
    timeout: float = TIMEOUT_OPTION,
) -> None:
    """Run a script: its output is what Python + PyTorch 2.13 print, top-level expressions echoed as in the REPL."""
    filename = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            source = sys.stdin.buffer.read().decode("utf-8")  # strictly, as a file is read
        else:
            with open(file, encoding="utf-8") as stream:  # UTF-8, as Python reads source files
                source = stream.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        sys.stderr.write(f"gradcli: cannot read {filename}: {reason}\n")
        raise typer.Exit(EXIT_USAGE) from None
    raise typer.Exit(_run(source, filename, max_elements, timeout))


def eval_command(
    code: str = typer.Argument(..., metavar="CODE", help="Statements to run, separated by ';' or newlines."),
    max_elements: int = MAX_ELEMENTS_OPTION,
    timeout: float = TIMEOUT_OPTION,
) -> None:
    """Run CODE as a script named <eval>, e.g. gradcli eval "x = torch.ones(2, requires_grad=True); x.sum()"."""
    raise typer.Exit(_run(code, "<eval>", max_elements, timeout))


def _run(source, filename, max_elements, timeout):
    from gradcli.runtime.sandbox.limits import Limits
    from gradcli.runtime.session import run_source

    limits = Limits(max_elements=element_limit(max_elements), max_seconds=seconds_limit(timeout))
    status = run_source(source, filename, sys.stdout, sys.stderr, limits, ansi.colour_enabled(sys.stderr))
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head`): no more output, and no noise at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status
