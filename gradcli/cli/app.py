"""The Typer application. Each command lives in its own module and imports heavy things lazily."""

import gc
import sys

import typer

from gradcli.cli import calc, check, explain, plot, repl, run

app = typer.Typer(
    name="gradcli",
    help="PyTorch-style autograd from the shell: gradients, Jacobians, Hessians and a torch-flavoured script language.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=calc.VerbatimGroup,
)


@app.callback()
def _root() -> None:
    """gradcli: autograd without installing PyTorch."""


app.command("run", cls=calc.VerbatimCommand)(run.run_command)
app.command("eval", cls=calc.VerbatimCommand)(run.eval_command)
app.command("grad", **calc.REGISTRATION)(calc.grad_command)
app.command("jacobian", **calc.REGISTRATION)(calc.jacobian_command)
app.command("hessian", **calc.REGISTRATION)(calc.hessian_command)
app.command("jvp", **calc.REGISTRATION)(calc.jvp_command)
app.command("graph", **calc.REGISTRATION)(calc.graph_command)
app.command("explain", **calc.REGISTRATION)(explain.explain_command)
app.command("plot", **calc.REGISTRATION)(plot.plot_command)
app.command("repl")(repl.repl_command)
app.command("check", cls=calc.VerbatimCommand)(check.check_command)


def main() -> None:
    if len(sys.argv) == 1 and sys.stdin.isatty() and sys.stdout.isatty():
        sys.argv.append("repl")  # `gradcli` alone on a terminal opens the REPL (elsewhere: the help)
    try:
        app()
    finally:
        # The process is ending and its memory goes with it: frozen, its objects are skipped by the full
        # collections Python runs at exit, which would otherwise walk them all (about 20 ms).
        gc.freeze()
