"""The Typer application: one module per command (each parses its options, calls the Python API of
gradcli.calc, gradcli.grading, gradcli.repl or gradcli.runtime, and renders with gradcli.cli.output).
Modules import heavy things lazily, so `gradcli --help` loads Typer alone; a command's own module is
imported only when that command runs or the help lists it."""

import functools
import importlib
import os
import sys
from typing import Annotated

import typer

from gradcli import __version__
from gradcli.cli.shared import CALCULATOR_COMMAND, VerbatimCommand, VerbatimGroup

# Each command: its module in gradcli.cli, the function there, and Typer's settings; in the help's order.
COMMANDS = {
    "run": ("run", "run_command", {"cls": VerbatimCommand}),
    "eval": ("run", "eval_command", {"cls": VerbatimCommand}),
    "grad": ("grad", "grad_command", CALCULATOR_COMMAND),
    "jacobian": ("jacobian", "jacobian_command", CALCULATOR_COMMAND),
    "hessian": ("hessian", "hessian_command", CALCULATOR_COMMAND),
    "jvp": ("jvp", "jvp_command", CALCULATOR_COMMAND),
    "graph": ("graph", "graph_command", CALCULATOR_COMMAND),
    "explain": ("explain", "explain_command", CALCULATOR_COMMAND),
    "plot": ("plot", "plot_command", CALCULATOR_COMMAND),
    "repl": ("repl", "repl_command", {"cls": VerbatimCommand}),
    "check": ("check", "check_command", {"cls": VerbatimCommand}),
}


def _show_version(value):
    if value:
        sys.stdout.write(f"gradcli {__version__}\n")
        raise typer.Exit()


def _root(version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                                help="Print gradcli's version and exit.")] = False) -> None:
    """gradcli: autograd without installing PyTorch."""


def _application(names):
    """The Typer app with the commands named (each command's module is imported here). The root's
    --install-completion and --show-completion (some 3 M instructions, 1 ms, to build) come with the whole app:
    an app of one command runs it, named first, so no root option can follow."""
    application = typer.Typer(
        name="gradcli",
        help="PyTorch-style autograd from the shell: gradients, Jacobians, Hessians and a torch-flavoured script "
             "language.",
        add_completion=len(names) == len(COMMANDS),
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        rich_markup_mode=None,  # help and usage errors are gradcli.cli.help's (see gradcli.cli.shared.VerbatimGroup)
        cls=VerbatimGroup,
    )
    application.callback()(_root)
    for name in names:
        module, function, settings = COMMANDS[name]
        application.command(name, **settings)(getattr(importlib.import_module(f"gradcli.cli.{module}"), function))
    return application


@functools.cache
def _whole_application():
    return _application(COMMANDS)


def __getattr__(name):
    """`app`, the application with every command (what typer.testing runs): made at its first use."""
    if name == "app":
        return _whole_application()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    if len(sys.argv) == 1 and sys.stdin.isatty() and sys.stdout.isatty():
        sys.argv.append("repl")  # `gradcli` alone on a terminal opens the REPL (elsewhere: the help)
    _app_for(sys.argv[1:])(prog_name="gradcli")  # under `python -m gradcli` too: usage lines and _GRADCLI_COMPLETE say gradcli


def _app_for(args):
    """The app with only the command that `args` name, when they start with one: at every call Typer
    builds each registered command's click command, inspecting its signature and annotations (some 10 ms
    for all eleven), and one is used; and the other commands' modules are not imported. Help, completion
    and mistakes get them all."""
    if args and args[0] in COMMANDS and "_GRADCLI_COMPLETE" not in os.environ:
        return _application([args[0]])
    return _whole_application()
