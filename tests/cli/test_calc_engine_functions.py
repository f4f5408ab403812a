"""The calculator takes its functions from the engine's declarations: a new op needs no edit in the CLI.
Numbers given where an op takes tensors (rules.tensor_arguments) become tensors: `atan2(x, 2)`."""

import json
import math

from conftest import invoke


def grad_x(expression, at):
    outcome = invoke("grad", expression, "--at", at, "--json")
    assert outcome.exit_code == 0, outcome.stderr
    return json.loads(outcome.stdout)["grad"]["x"]


def test_a_number_as_the_second_tensor_of_atan2_and_hypot():
    assert math.isclose(grad_x("atan2(x, 2)", "x=1"), 2 / (1 + 4), rel_tol=1e-12)
    assert math.isclose(grad_x("hypot(x, 4)", "x=3"), 3 / 5, rel_tol=1e-12)


def test_the_calculus_functions_and_their_aliases():
    assert math.isclose(grad_x("arctan(x)", "x=1"), 0.5, rel_tol=1e-12)
    assert math.isclose(grad_x("erf(x) + log10(x)", "x=2"), 2 / math.sqrt(math.pi) * math.exp(-4) + 1 / (2 * math.log(10)),
                        rel_tol=1e-12)
