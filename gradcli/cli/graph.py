"""`gradcli graph CODE_OR_EXPR --at ...`: the computation graph as a tree or Graphviz DOT
(gradcli.calc.graph.trace)."""

import sys
from typing import Annotated

import typer

from gradcli.cli.shared import At, Degrees, DType, DTypeOption, run_reported


def graph_command(code: Annotated[str, typer.Argument(
                      metavar="CODE_OR_EXPR", show_default=False,
                      help="An expression, or statements whose last one is the output (q = x + y; f = q * z).")],
                  at: At = None, dtype: DTypeOption = DType.float64,
                  dot: Annotated[bool, typer.Option("--dot", help="Print Graphviz DOT instead of a tree.")]
                  = False, deg: Degrees = False) -> None:
    """The computation graph: each node's grad_fn, forward value and the gradient flowing into it."""
    from gradcli import calc
    from gradcli.calc.graph import trace
    from gradcli.cli import output

    def compute():
        problem = calc.Problem(code, at, None, dtype, statements=True, degrees=deg)
        if problem.swept:
            raise calc.CalcError("graph draws one point: give --at NAME=VALUE, not START:STOP:STEP")
        graph = calc.computing(problem, trace, problem)
        if dot:
            sys.stdout.write(output.graph_dot(graph))
        else:
            output.show_graph(graph)
        for message in graph.notes:
            output.warn(message)

    run_reported(compute)
