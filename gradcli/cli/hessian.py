"""`gradcli hessian EXPR --at ...`: all second partials of a scalar EXPR (gradcli.calc.hessian_report)."""

from gradcli.cli.shared import report_command

hessian_command = report_command(
    "hessian_report", """All second partials of a scalar EXPR: gradcli hessian "x**2 * y" --at x=1 --at y=2""")
