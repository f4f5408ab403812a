"""`gradcli grad EXPR --at ...`: the value of EXPR and its gradient (gradcli.calc.gradient_report)."""

from typing import Annotated, Optional

import typer

from gradcli.cli.shared import At, Degrees, DType, DTypeOption, Each, Expr, Json, Wrt, run_reported


def grad_command(expr: Expr, at: At = None, wrt: Wrt = None,
                 vjp: Annotated[Optional[str], typer.Option(
                     "--vjp", metavar="VALUE", show_default=False,
                     help="For a non-scalar EXPR: the vector of the vector-Jacobian product (the output's shape).")]
                 = None,
                 order: Annotated[int, typer.Option("--order", min=1, max=2,
                                                    help="2 adds the second derivatives (the Hessian).")] = 1,
                 dtype: DTypeOption = DType.float64, json: Json = False,
                 deg: Degrees = False, each: Each = False) -> None:
    """The value of EXPR and its gradient: gradcli grad "x**2 * sin(x)" --at x=0.5"""
    from gradcli import calc
    from gradcli.cli import output

    def compute():
        problem = calc.Problem(expr, at, wrt, dtype, degrees=deg, each=each)
        derivatives = calc.checked_choice("--order", order, (1, 2))
        output.show_reports(problem, lambda point: calc.gradient_report(point, vjp, derivatives), json)

    run_reported(compute)
