"""Issue 11 in the calculator: mathematical notation gets a usage error saying what to write, calculus
aliases, math.* of a tensor stays in the graph, and a derivative that is 0 because the graph was cut says
so (and where)."""

import pytest

from conftest import invoke

# (EXPR, the message's first line, the caret line under EXPR)
NOTATION = [
    ("x^2", "EXPR: ^ is xor (bitwise exclusive or), not a power: write ** (x**2)", "     ^"),
    ("sin^2(x) + 1", "EXPR: ^ is xor (bitwise exclusive or), not a power: write ** (sin(x)**2 + 1)", "       ^"),
    ("2x + 1", "EXPR: write 2*x for 2x: a product needs its *", "    ^^"),
    ("3*2(x + 1)", "EXPR: write 2*( for 2(: a product needs its *", "      ^^"),
    ("x² + 1", "EXPR: write **2 for the power ² (x**2, not x²)", "     ^"),
    ("−x", "EXPR: write - for − (U+2212)", "    ^"),
    ("2×x", "EXPR: write * for × (U+00D7)", "     ^"),
    ("|x| + 1", "EXPR: write abs(x) for |x|: | is Python's bitwise or", "    ^^^"),
    ("2*|x - 1|", "EXPR: write abs(x - 1) for |x - 1|: | is Python's bitwise or", "      ^^^^^^^"),
]


@pytest.mark.parametrize("expr, message, caret", NOTATION, ids=[expr for expr, _, _ in NOTATION])
def test_notation_is_a_usage_error_with_what_to_write(expr, message, caret):
    outcome = invoke("grad", expr, "--at", "x=3")
    assert (outcome.exit_code, outcome.stdout) == (2, "")
    assert outcome.stderr == f"gradcli: error: {message}\n    {expr}\n{caret}\n"


def test_xor_in_a_check_answer_makes_the_problem_an_error(tmp_path):
    problems = tmp_path / "xor.toml"
    problems.write_text('[[problem]]\nname = "power"\nf = "x**3"\nanswer = "3*x^2"\n', encoding="utf-8")
    outcome = invoke("check", str(problems), "--json")
    assert outcome.exit_code == 1
    [problem] = outcome.json()["problems"]
    assert problem["status"] == "error"
    assert problem["message"] == ("answer: ^ is xor (bitwise exclusive or), not a power: write ** (3*x**2)\n"
                                  "    3*x^2\n       ^")


def test_numbers_that_look_like_products_are_numbers():
    assert invoke("grad", "1e-3*x + 0x10", "--at", "x=1", "--json").json() == {"value": 16.001, "grad": {"x": 0.001}}


def test_xor_in_graph_code_is_refused_too():
    outcome = invoke("graph", "y = x\ny ^= 2\ny", "--at", "x=1")
    assert outcome.exit_code == 2 and "^ is xor" in outcome.stderr


# Value and derivative at x=0.7 as torch 2.13 computes them in float64 (log; 1/cos, 1/sin, 1/tan; sin).
ALIASES = [
    ("ln(x)", -0.35667494393873245, 1.4285714285714286),
    ("sec(x)", 1.3074592597335937, 1.1012577424024652),
    ("csc(x)", 1.552270326957104, -1.842920266932432),
    ("cot(x)", 1.1872418321266793, -2.4095431679515142),
    ("math.sin(x)", 0.644217687237691, 0.7648421872844885),
]


@pytest.mark.parametrize("expr, value, derivative", ALIASES, ids=[expr for expr, _, _ in ALIASES])
def test_calculus_names_are_torch_functions(expr, value, derivative):
    outcome = invoke("grad", expr, "--at", "x=0.7", "--json")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.json() == {"value": value, "grad": {"x": derivative}}


def test_inverse_trigonometry_aliases_are_torchs_functions():
    # arctan, arcsin, arccos are atan, asin, acos: the same numbers as those names give.
    aliased = invoke("grad", "arctan(x) + arcsin(x/2) + arccos(x/3)", "--at", "x=1", "--json").json()
    assert aliased == invoke("grad", "atan(x) + asin(x/2) + acos(x/3)", "--at", "x=1", "--json").json()
    assert aliased["grad"]["x"] == pytest.approx(1 / 2 + 1 / 3 ** 0.5 - 1 / 8 ** 0.5, rel=1e-14)


def test_aliases_are_the_calculators_only():
    import io

    from gradcli.runtime.session import run_source

    err = io.StringIO()
    assert run_source("ln(torch.tensor(1.0))\n", "<eval>", io.StringIO(), err) == 1
    assert err.getvalue().endswith("NameError: name 'ln' is not defined. Did you mean: 'len'?\n")


def test_math_of_numbers_stays_math():
    assert invoke("grad", "math.sqrt(4) * x", "--at", "x=1", "--json").json() == {"value": 2.0, "grad": {"x": 2.0}}


def test_a_wrong_call_is_said_without_internal_names():
    outcome = invoke("grad", "log(x, 10)", "--at", "x=2")
    assert outcome.exit_code == 1
    assert outcome.stderr == ("gradcli: error: TypeError: log(x): too many positional arguments; for a logarithm in "
                              "base b write log(x) / log(b) (or log2(x), log10(x))\n    log(x, 10)\n    ^^^^^^^^^^\n")


# torch's own warning for tensor() of tensors that require grad, passed on as the engine raises it
TORCH_SCALAR_WARNING = ("UserWarning: Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
                        "behavior.\nConsider using tensor.detach() first. (Triggered internally at "
                        "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)")
CUTS = [
    (["grad", "float(x)**2", "--at", "x=2"],
     ["the output does not depend on x through the graph, so its derivative is reported as 0: float(x) turns a "
      "tensor into a Python number, which has no graph"]),
    (["grad", "x.detach() * 2", "--at", "x=2"],
     ["the output does not depend on x through the graph, so its derivative is reported as 0: x.detach() gives a "
      "value without a graph"]),
    (["jacobian", "tensor([x*y, x+y])", "--at", "x=1", "--at", "y=2"],
     [f"the output does not depend on {name} through the graph, so its derivative is reported as 0: "
      "tensor([x*y, x+y]) copies its tensors' values without their history (stack([...]) keeps it)"
      for name in "xy"] + [TORCH_SCALAR_WARNING]),
    (["grad", "x", "--at", "x=1", "--at", "y=2"], ["EXPR does not use y: its derivative is 0"]),
]


@pytest.mark.parametrize("args, warnings", CUTS, ids=[args[1] for args, _ in CUTS])
def test_a_cut_graph_is_said(args, warnings):
    outcome = invoke(*args, "--json")
    assert outcome.exit_code == 0
    said = "".join(f"gradcli: warning: {warning}\n" for warning in warnings)
    # tensor([...]) of tensors that require grad also gets torch's own UserWarning, after the calculator's
    assert outcome.stderr == said or outcome.stderr.startswith(said + "gradcli: warning: UserWarning: Converting a tensor")


def test_a_true_zero_derivative_is_not_a_cut():
    outcome = invoke("grad", "x*0 + sum(y)", "--at", "x=1", "--at", "y=[1,2]", "--json")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.json() == {"value": 3.0, "grad": {"x": 0.0, "y": [1.0, 1.0]}}
