"""`gradcli hessian EXPR --at ...`: all second partials of a scalar EXPR (gradcli.calc.hessian_report)."""

from gradcli.cli.shared import At, DType, DTypeOption, Expr, Json, Wrt, reported_errors


def hessian_command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                    json: Json = False) -> None:
    """All second partials of a scalar EXPR: gradcli hessian "x**2 * y" --at x=1 --at y=2"""
    from gradcli import calc
    from gradcli.cli import output

    with reported_errors():
        problem = calc.Problem(expr, at, wrt, dtype)
        output.show_report(calc.hessian_report(problem), json, problem)
