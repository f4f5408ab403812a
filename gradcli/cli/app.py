"""The Typer application. Each command lives in its own module and imports heavy things lazily."""

import typer

from gradcli.cli import calc, check, run

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


app.command("run")(run.run_command)
app.command("eval")(run.eval_command)
app.command("grad", **calc.REGISTRATION)(calc.grad_command)
app.command("jacobian", **calc.REGISTRATION)(calc.jacobian_command)
app.command("hessian", **calc.REGISTRATION)(calc.hessian_command)
app.command("jvp", **calc.REGISTRATION)(calc.jvp_command)
app.command("graph", **calc.REGISTRATION)(calc.graph_command)
app.command("check", cls=calc.VerbatimCommand)(check.check_command)


def main() -> None:
    app()
