"""Issue 17: the calculator takes 10,000-term expressions (a syntax tree 10,000 deep, evaluated on a
deep-stack thread as `gradcli run` runs scripts), and nesting past the parser's limit gets run's clear
SyntaxError."""

import pytest

from conftest import invoke
from gradcli.lang.builder import MAX_CHAIN_OPERANDS

SUM = "+".join(["x"] * 10_000)


@pytest.mark.parametrize("command, expected", [
    ("grad", {"value": 20000.0, "grad": {"x": 10000.0}}),
    ("jacobian", {"value": 20000.0, "jacobian": {"x": 10000.0}}),
    ("hessian", {"value": 20000.0, "hessian": {"x": {"x": 0.0}}}),
])
def test_ten_thousand_terms(command, expected):
    outcome = invoke(command, SUM, "--at", "x=2", "--json")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.json() == expected


def test_the_graph_of_ten_thousand_terms_is_drawn_to_a_depth():
    outcome = invoke("graph", SUM, "--at", "x=2")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    lines = outcome.stdout.splitlines()
    assert len(lines) == 2 * 40 - 1 and max(map(len, lines)) < 400  # each level: a sum and its leaf x
    assert lines[0] == "x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+ … +x+x+x+x+x+x   AddBackward0   value 20000.   grad 1."
    assert [line.endswith("(its inputs are 40 levels down: --dot draws them)") for line in lines].count(True) == 1
    dot = invoke("graph", SUM, "--at", "x=2", "--dot")
    assert dot.exit_code == 0 and dot.stdout.count(" -> ") == 2 * 9_999


@pytest.mark.parametrize("nested, message", [
    ("sin(" * 2000 + "x" + ")" * 2000, "too many nested parentheses"),
    ("+".join(["x"] * (MAX_CHAIN_OPERANDS + 1)), "too many nested expressions"),  # a left-deep tree that deep
])
def test_nesting_past_the_parsers_limit_is_runs_syntax_error(nested, message):
    outcome = invoke("grad", nested, "--at", "x=1")
    assert outcome.exit_code == 2
    assert outcome.stderr.startswith(f"gradcli: error: EXPR does not parse: {message}\n")
    script = invoke("eval", nested)
    assert script.exit_code == 2 and f"SyntaxError: {message}" in script.stderr


def test_two_thousand_terms_with_parentheses_are_labelled_by_their_ends():
    """Each node of the graph of a long sum is labelled with its source text: shown by its two ends, which
    stay the ones the tree shows, so that labelling all of them takes time and memory linear in the sum."""
    from gradcli.calc.program import LONGEST_TEXT

    terms = "+".join(f"sin({i % 7}*x)" for i in range(2_000))
    outcome = invoke("graph", terms, "--at", "x=0.5")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    first = outcome.stdout.splitlines()[0]
    assert first.startswith("sin(0*x)+sin(1*x)+sin(2*x)+sin(3*x)+sin(4*x) … *x)+sin(4*x)   AddBackward0")
    assert len(terms) > LONGEST_TEXT


def test_a_long_expression_is_titled_by_its_two_ends():
    outcome = invoke("grad", SUM, "--at", "x=2")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.stdout.splitlines()[0] == "x+" * 50 + " … " + "+x" * 50 + "  at x=2 (float64)"
