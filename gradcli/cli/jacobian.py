"""`gradcli jacobian EXPR --at ...`: the full Jacobian (gradcli.calc.jacobian_report)."""

from gradcli.cli.shared import At, Degrees, DType, DTypeOption, Each, Expr, Json, Wrt, run_reported


def jacobian_command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                     json: Json = False, deg: Degrees = False, each: Each = False) -> None:
    """The full Jacobian of EXPR, shape out.shape + in.shape per input: gradcli jacobian "x * y" --at x=[1,2] --at y=3"""
    from gradcli import calc
    from gradcli.cli import output

    def compute():
        problem = calc.Problem(expr, at, wrt, dtype, degrees=deg, each=each)
        output.show_reports(problem, lambda point: (calc.jacobian_report(point), None), json)

    run_reported(compute)
