"""`gradcli explain CODE_OR_EXPR --at ...`: the forward pass as staged computation and the backward pass
node by node (gradcli.explain), as text (gradcli.cli.output.show_explanation) or one JSON object."""

import sys
from typing import Annotated

import typer

from gradcli.cli.shared import At, DType, DTypeOption, Json, reported_errors

Code = Annotated[str, typer.Argument(
    metavar="CODE_OR_EXPR", show_default=False,
    help="An expression, or statements whose last one is the output (q = x + y; f = q * z).")]


def explain_command(code: Code, at: At = None, dtype: DTypeOption = DType.float64, json: Json = False) -> None:
    """Backprop explained: each forward value, then each node's local derivative and what it sends on."""
    from gradcli import calc
    from gradcli.cli import output
    from gradcli.explain.sources import explain_problem

    with reported_errors():
        problem = calc.Problem(code, at, None, dtype, statements=True)
        explanation = explain_problem(problem)
        if json:
            output.write_json(explanation.json_object(output.json_numbers))
        else:
            output.show_explanation(explanation, f"{problem.source}  {problem.context()}")
