"""`gradcli jvp EXPR --at ... --tangent ...`: the Jacobian-vector product (gradcli.calc.jvp_report)."""

from typing import Annotated, Optional

import typer

from gradcli.cli.shared import At, Degrees, DType, DTypeOption, Each, Expr, Json, run_reported


def jvp_command(expr: Expr, at: At = None,
                tangent: Annotated[Optional[list[str]], typer.Option(
                    "--tangent", metavar="NAME=VALUE", show_default=False,
                    help="The direction for input NAME (repeatable); inputs without one get zeros.")] = None,
                dtype: DTypeOption = DType.float64, json: Json = False, deg: Degrees = False,
                each: Each = False) -> None:
    """The Jacobian-vector product J·t of EXPR: gradcli jvp "x * y" --at x=2 --at y=3 --tangent x=1"""
    from gradcli import calc
    from gradcli.cli import output

    def compute():
        problem = calc.Problem(expr, at, None, dtype, degrees=deg, each=each)
        tangents = calc.parse_bindings(tangent, "--tangent", deg)
        output.show_reports(problem, lambda point: (calc.jvp_report(point, tangents), None), json)

    run_reported(compute)
