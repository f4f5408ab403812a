"""`gradcli explain`: golden explanations (reviewed by hand; `python tests/cli/test_explain.py --write`
rewrites them), checked against the engine itself: the same visiting order as a real backward, the same
final .grad, and the same values as the plain forward."""

import sys

import numpy as np
import pytest

from conftest import REPO, invoke

GOLDEN = REPO / "tests" / "cli" / "golden_explain"

# name: the command's arguments after `explain`
CASES = {
    "cs231n": ["(x + 2*y) * z", "--at", "x=3", "--at", "y=-4", "--at", "z=19"],
    "cs231n_staged": ["q = x + 2*y; f = q * z", "--at", "x=3", "--at", "y=-4", "--at", "z=19"],
    "seed000_cube": ["z = x ** 3", "--at", "x=1"],
    "seed000_product": ["y = tensor(2.); z = x * y", "--at", "x=1"],
    "seed001_chain": ["y = 2 * x; z = y ** 3", "--at", "x=[[0.5]]"],
    "seed002_logistic": ["x = ones(5); y = zeros(3); z = matmul(x, W) + b; "
                         "loss = binary_cross_entropy_with_logits(z, y)",
                         "--at", "W=[[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9],[1,1.1,1.2],[1.3,1.4,1.5]]",
                         "--at", "b=[0.1,-0.2,0.3]"],
    "seed002_transpose": ["out = (inp + 1).pow(2).t(); out.sum()", "--at", "inp=[[1,0,0],[0,1,0]]"],
    "seed004_square": ["b = a * a; b.sum()", "--at", "a=[[1,-2],[0.5,3]]"],
    "reused": ["x * x + x", "--at", "x=3"],
    "broadcast": ["sum(w * X)", "--at", "X=[[1,2],[3,4],[5,6]]", "--at", "w=[0.5,-1]"],
    "matmul": ["sum(A @ B)", "--at", "A=[[1,2],[3,4]]", "--at", "B=[[1,0,-1],[2,1,0]]"],
    "nan_forward": ["x * log(x)", "--at", "x=0"],
    "inf_backward": ["sum(sqrt(x))", "--at", "x=[0,4]"],
    "float32": ["sin(x) * x", "--at", "x=0.1", "--dtype", "float32"],
    "long_summarised": ["sum(W @ v)", "--at", "W=[[0,1,2,3,4,5,6,7,8,9],[10,11,12,13,14,15,16,17,18,19],[20,21,22,23,24,25,26,27,28,29],[30,31,32,33,34,35,36,37,38,39],[40,41,42,43,44,45,46,47,48,49],[50,51,52,53,54,55,56,57,58,59],[60,61,62,63,64,65,66,67,68,69],[70,71,72,73,74,75,76,77,78,79],[80,81,82,83,84,85,86,87,88,89],[90,91,92,93,94,95,96,97,98,99]]", "--at", "v=[0,1,2,3,4,5,6,7,8,9]"],
}


@pytest.mark.parametrize("name", CASES)
def test_golden(name):
    outcome = invoke("explain", *CASES[name])
    assert outcome.exit_code == 0, outcome.stderr
    assert outcome.stdout == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


def explained(name):
    """The explanation of a case, and the graphview.Run it was made from (the output and its leaves)."""
    from gradcli.calc import Problem
    from gradcli.calc.graph import Run
    from gradcli.explain import explain
    from gradcli.explain.sources import ProblemLabels

    code, *options = CASES[name]
    bindings = [value for option, value in zip(options[::2], options[1::2]) if option == "--at"]
    dtype = dict(zip(options[::2], options[1::2])).get("--dtype", "float64")
    problem = Problem(code, bindings, None, dtype, statements=True)
    run = Run(problem, problem.leaves())
    return explain(run.output, ProblemLabels(run)), run


@pytest.mark.parametrize("name", CASES)
def test_the_walk_is_the_engines_own_order_and_gives_its_gradients(name):
    """A real backward, observed through hooks on every tensor the expression made, visits the nodes in
    the order explain shows them, and leaves in every leaf the .grad explain reports."""
    explanation, run = explained(name)
    visited = []
    for tensor in run.tensors.values():
        if tensor.grad_fn is not None:
            tensor.register_hook(lambda grad, node=tensor.grad_fn: visited.append(node))
    run.output.backward()
    assert visited
    for step in explanation.backward:  # formulas are the rule table's own, never a second table
        assert all(sent.formula in step.node.rule.formulas for sent in step.sent)
    shown = [step.node for step in explanation.backward]
    assert [node for node in shown if node in set(visited)] == list(dict.fromkeys(visited))
    leaves = {run.names[id(tensor)]: tensor for tensor in run.tensors.values() if tensor.is_leaf and tensor.requires_grad}
    assert list(explanation.grads) == [label for label in explanation.grads if label in leaves]
    for label, grad in explanation.grads.items():
        np.testing.assert_array_equal(grad, leaves[label].grad.numpy())
    assert set(explanation.grads) == {label for label, leaf in leaves.items() if leaf.grad is not None}


@pytest.mark.parametrize("name", CASES)
def test_forward_values_are_the_expressions_value(name):
    explanation, run = explained(name)
    last = explanation.forward[-1]
    np.testing.assert_array_equal(last.value, run.output.detach().numpy())
    assert last.grad_fn == run.output.grad_fn.name()


def test_json_is_one_object_with_the_walk():
    outcome = invoke("explain", *CASES["broadcast"], "--json")
    assert outcome.exit_code == 0 and outcome.stderr == ""
    data = outcome.json()
    assert [stage["source"] for stage in data["forward"]] == ["w", "X", "w * X", "sum(w * X)"]
    to_w = data["backward"][1]["sent"][0]
    assert to_w["to"] == "w" and to_w["sum_to"] == {"from": [3, 2], "to": [2]} and to_w["gradient"] == [9.0, 12.0]
    assert data["grads"] == {"w": [9.0, 12.0], "X": [[0.5, -1.0]] * 3}


def test_json_names_non_finite_numbers_and_marks_their_origin():
    data = invoke("explain", *CASES["nan_forward"], "--json").json()
    assert [stage["non_finite_first"] for stage in data["forward"]] == [False, True, False]
    assert data["forward"][1]["value"] == "-inf" and data["grads"] == {"x": "nan"}
    assert data["backward"][0]["sent"][0]["non_finite_first"] is True


@pytest.mark.parametrize("arguments, message", [
    (["x * 2", "--at", "x=[1,2]"], "the output has shape [2]: backward starts from a scalar; reduce it with sum(...)"),
    (["tensor(2.) * 3"], "the output does not depend on any input that requires grad"),
    (["x +", "--at", "x=1"], "CODE does not parse"),
    (["x * y", "--at", "x=1"], "name 'y' is not bound"),
])
def test_what_cannot_be_explained_is_a_usage_error(arguments, message):
    outcome = invoke("explain", *arguments)
    assert outcome.exit_code == 2 and outcome.stdout == ""
    assert outcome.stderr.startswith("gradcli: error: ") and message in outcome.stderr


def test_a_computation_error_exits_1():
    outcome = invoke("explain", "x @ y", "--at", "x=[1,2]", "--at", "y=[1,2,3]")
    assert outcome.exit_code == 1 and "RuntimeError" in outcome.stderr


def test_a_terminal_shows_the_same_text_with_the_nan_origin_in_red():
    from test_calc_output import ANSI, run_in_terminal

    shown = run_in_terminal("explain", *CASES["nan_forward"])
    golden = (GOLDEN / "nan_forward.txt").read_text(encoding="utf-8")
    assert ANSI.sub("", shown) == golden
    assert "\x1b[1;31m  log(x)      LogBackward0  []  -inf  <- -inf first appears here\x1b[0m" in shown
    assert run_in_terminal("explain", *CASES["nan_forward"], env={"NO_COLOR": "1"}) == golden


def test_every_golden_file_has_a_case():
    assert sorted(path.stem for path in GOLDEN.glob("*.txt")) == sorted(CASES)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    for name, arguments in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(invoke("explain", *arguments).stdout, encoding="utf-8")
