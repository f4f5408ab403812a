"""The Typer application. Each command lives in its own module and imports heavy things lazily."""

import typer

from gradcli.cli import calc, run

app = typer.Typer(
    name="gradcli",
    help="PyTorch-style autograd from the shell: gradients, Jacobians, Hessians and a torch-flavoured script language.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """gradcli: autograd without installing PyTorch."""


app.command("run")(run.run_command)
app.command("eval")(run.eval_command)
app.command("grad", context_settings=calc.COMMAND_SETTINGS)(calc.grad_command)
app.command("jacobian", context_settings=calc.COMMAND_SETTINGS)(calc.jacobian_command)
app.command("hessian", context_settings=calc.COMMAND_SETTINGS)(calc.hessian_command)
app.command("jvp", context_settings=calc.COMMAND_SETTINGS)(calc.jvp_command)
app.command("graph", context_settings=calc.COMMAND_SETTINGS)(calc.graph_command)


def main() -> None:
    app()
