"""`gradcli jacobian EXPR --at ...`: the full Jacobian (gradcli.calc.jacobian_report)."""

from gradcli.cli.shared import report_command

jacobian_command = report_command(
    "jacobian_report",
    """The full Jacobian of EXPR, shape out.shape + in.shape per input: gradcli jacobian "x * y" --at x=[1,2] --at y=3""")
