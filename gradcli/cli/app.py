"""The Typer application: one module per command (each parses its options, calls the Python API of
gradcli.calc, gradcli.grading, gradcli.repl or gradcli.runtime, and renders with gradcli.cli.output).
Modules import heavy things lazily, so `gradcli --help` loads Typer alone."""

import copy
import gc
import os
import sys
from typing import Annotated

import typer

from gradcli import __version__
from gradcli.cli import check, explain, grad, graph, hessian, jacobian, jvp, plot, repl, run
from gradcli.cli.shared import CALCULATOR_COMMAND, VerbatimCommand, VerbatimGroup

app = typer.Typer(
    name="gradcli",
    help="PyTorch-style autograd from the shell: gradients, Jacobians, Hessians and a torch-flavoured script language.",
    add_completion=True,  # --install-completion, --show-completion: about 1 ms at start (typer.main loads the rest)
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    cls=VerbatimGroup,
)


def _show_version(value):
    if value:
        sys.stdout.write(f"gradcli {__version__}\n")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                                help="Print gradcli's version and exit.")] = False) -> None:
    """gradcli: autograd without installing PyTorch."""


app.command("run", cls=VerbatimCommand)(run.run_command)
app.command("eval", cls=VerbatimCommand)(run.eval_command)
app.command("grad", **CALCULATOR_COMMAND)(grad.grad_command)
app.command("jacobian", **CALCULATOR_COMMAND)(jacobian.jacobian_command)
app.command("hessian", **CALCULATOR_COMMAND)(hessian.hessian_command)
app.command("jvp", **CALCULATOR_COMMAND)(jvp.jvp_command)
app.command("graph", **CALCULATOR_COMMAND)(graph.graph_command)
app.command("explain", **CALCULATOR_COMMAND)(explain.explain_command)
app.command("plot", **CALCULATOR_COMMAND)(plot.plot_command)
app.command("repl", cls=VerbatimCommand)(repl.repl_command)
app.command("check", cls=VerbatimCommand)(check.check_command)


def main() -> None:
    if len(sys.argv) == 1 and sys.stdin.isatty() and sys.stdout.isatty():
        sys.argv.append("repl")  # `gradcli` alone on a terminal opens the REPL (elsewhere: the help)
    try:
        _app_for(sys.argv[1:])(prog_name="gradcli")  # under `python -m gradcli` too: usage lines and _GRADCLI_COMPLETE say gradcli
    finally:
        # The process is ending and its memory goes with it: frozen, its objects are skipped by the full
        # collections Python runs at exit, which would otherwise walk them all (about 20 ms).
        gc.freeze()


def _app_for(args):
    """The app with only the command that `args` name, when they start with one: at every call Typer
    builds each registered command's click command, inspecting its signature and annotations (some 10 ms
    for all eleven), and one is used. Help, completion and mistakes get them all."""
    if args and "_GRADCLI_COMPLETE" not in os.environ:
        named = [info for info in app.registered_commands if info.name == args[0]]
        if named:
            one = copy.copy(app)
            one.registered_commands = named
            return one
    return app
