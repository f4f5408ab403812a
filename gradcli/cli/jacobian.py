"""`gradcli jacobian EXPR --at ...`: the full Jacobian (gradcli.calc.jacobian_report)."""

from gradcli.cli.shared import At, DType, DTypeOption, Expr, Json, Wrt, reported_errors


def jacobian_command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                     json: Json = False) -> None:
    """The full Jacobian of EXPR, shape out.shape + in.shape per input: gradcli jacobian "x * y" --at x=[1,2] --at y=3"""
    from gradcli import calc
    from gradcli.cli import output

    with reported_errors():
        problem = calc.Problem(expr, at, wrt, dtype)
        output.show_report(calc.jacobian_report(problem), json, problem)
