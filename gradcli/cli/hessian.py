"""`gradcli hessian EXPR --at ...`: all second partials of a scalar EXPR (gradcli.calc.hessian_report)."""

from gradcli.cli.shared import At, Degrees, DType, DTypeOption, Each, Expr, Json, Wrt, run_reported


def hessian_command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                    json: Json = False, deg: Degrees = False, each: Each = False) -> None:
    """All second partials of a scalar EXPR: gradcli hessian "x**2 * y" --at x=1 --at y=2"""
    from gradcli import calc
    from gradcli.cli import output

    def compute():
        problem = calc.Problem(expr, at, wrt, dtype, degrees=deg, each=each)
        output.show_reports(problem, lambda point: (calc.hessian_report(point), None), json)

    run_reported(compute)
