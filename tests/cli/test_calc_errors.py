"""Exit codes and messages: 2 for bad usage or input, 1 for a computation error; stderr says what is wrong
(with a caret under EXPR where it helps), stdout stays empty, and no traceback of gradcli's own shows."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import invoke, run_process

USAGE, COMPUTATION = 2, 1


@pytest.mark.parametrize("args, message", [
    (["grad", "x**2*sin(x", "--at", "x=1"], "EXPR does not parse: '(' was never closed\n    x**2*sin(x\n            ^\n"),
    (["grad", "x +* 2", "--at", "x=1"], "EXPR does not parse: unexpected '*'"),
    (["grad", "", "--at", "x=1"], "EXPR is empty"),
    (["grad", "y = x", "--at", "x=1"], "EXPR must be one expression"),
    (["grad", "x + y", "--at", "x=1"], "name 'y' is not bound: add --at y=VALUE\n    x + y\n        ^\n"),
    (["grad", "a * b"], "names 'a', 'b' are not bound: add --at a=VALUE --at b=VALUE"),
    (["grad", "sni(x)", "--at", "x=1"], "(or did you mean sin?)"),
    (["grad", "x", "--at", "x=1", "--at", "x=2"], "--at x is given twice (x=1 and x=2)"),
    (["grad", "x", "--at", "x"], "--at x: expected NAME=VALUE"),
    (["grad", "x", "--at", "2x=1"], "'2x' is not a name"),
    (["grad", "x", "--at", "x=2*y"], "--at x: malformed VALUE '2*y': 'y' is not a constant (a VALUE names no "
                                     "variables: numbers, pi, e, tau, inf, nan and math functions)"),
    (["grad", "x", "--at", "x=sqrt(-1)"], "--at x: malformed VALUE 'sqrt(-1)': 'sqrt(-1)': math domain error"),
    (["grad", "x", "--at", "x=1,2"], "--at x: '1,2' has a comma outside brackets: write --at x=[1,2] for a list, "
                                     "or one --at per value, or 1.2 if that is one number"),
    (["grad", "x", "--at", "x=[0,5],1"], "--at x: '[0,5],1' has a comma outside brackets: write --at x=[[0,5],1] "
                                         "for a list, or one --at per value\n"),
    (["grad", "x", "--at", "x=0:1:0"], "--at x: '0:1:0': STEP must be finite, not 0, and go from START towards STOP"),
    (["grad", "x", "--at", "x=0:1"], "--at x: '0:1': points are written START:STOP:STEP, e.g. 0:1:0.25"),
    (["grad", "x", "--at", "x=0:1:1e-6"], "--at x: '0:1:1e-6' makes 1,000,001 points; at most 10,000"),
    (["grad", "x", "--at", "x=1", "--each"], "--each evaluates at each element of a list VALUE"),
    (["grad", "x*y", "--at", "x=0:1:0.5", "--at", "y=[1,2]", "--each"],
     "the points of several names are taken together, so they need as many each (x 3, y 2)"),
    (["graph", "x", "--at", "x=0:1:1"], "graph draws one point: give --at NAME=VALUE, not START:STOP:STEP"),
    (["grad", "x", "--at", "x=[1,2"], "'[' is never closed"),
    (["grad", "x", "--at", "x=[[1,2],[3]]"], "nested lists of different lengths"),
    (["grad", "x", "--at", "x=[1 2]"], "'1 2' is not a number or a constant expression such as pi/2 or sqrt(2)"),
    (["grad", "x", "--at", "x=1", "--wrt", "z"], "--wrt z: z is not bound; bind it with --at z=VALUE"),
    (["grad", "x * 2", "--at", "x=[1,2,3]"], "EXPR is not a scalar: its output has shape [3]\n"
                                              "  grad needs a scalar; pass --vjp VALUE (shape [3])"),
    (["grad", "x * 2", "--at", "x=[1,2]", "--vjp", "[1,2,3]"], "--vjp has shape [3] but EXPR's output has shape [2]"),
    (["grad", "x * 2", "--at", "x=[1,2]", "--vjp", "ones"], "--vjp: malformed VALUE 'ones'"),
    (["grad", "(x, x)", "--at", "x=1"], "EXPR gives a tuple, not a tensor or a number"),
    (["hessian", "x * 2", "--at", "x=[1,2]"], "hessian needs a scalar EXPR, but its output has shape [2]"),
    (["jvp", "x * y", "--at", "x=1", "--at", "y=2"], "jvp needs a direction: --tangent NAME=VALUE"),
    (["jvp", "x", "--at", "x=1", "--tangent", "y=1"], "--tangent y: y is not bound"),
    (["jvp", "x", "--at", "x=[1,2]", "--tangent", "x=1"], "--tangent x has shape [] but x has shape [2]"),
    (["graph", "for i in range(2): x", "--at", "x=1"], "the last statement must give the output"),
    (["grad", "x", "--at", "x=1", "--order", "3"], "--order"),
    (["grad", "x", "--at", "x=1", "--dtype", "float16"], "--dtype"),
])
def test_bad_usage_or_input_exits_2(args, message):
    outcome = invoke(*args)
    assert outcome.exit_code == USAGE
    assert outcome.stdout == ""
    assert message in outcome.stderr
    assert "Traceback" not in outcome.stderr


@pytest.mark.parametrize("args, message", [
    (["grad", "x + y", "--at", "x=[1,2]", "--at", "y=[1,2,3]"],
     "gradcli: error: RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton "
     "dimension 0\n    x + y\n    ^^^^^\n"),
    (["grad", "sum(A @ x)", "--at", "A=[[1,2]]", "--at", "x=[1,2,3]"],
     "RuntimeError: size mismatch, got input (1), mat (1x2), vec (3)"),
    (["grad", "x[5]", "--at", "x=[1,2]"], "IndexError: index 5 is out of bounds for dimension 0 with size 2\n    x[5]\n"),
    (["grad", "x.foo", "--at", "x=1"], "AttributeError: 'Tensor' object has no attribute 'foo'"),
    (["grad", "x.__class__", "--at", "x=1"], "AttributeError: gradcli scripts cannot use private attribute"),
    (["jacobian", "torch.ones(100000, 1000) * x", "--at", "x=1"], "MemoryError"),
    (["grad", "sum(zeros(100000, 100000))"], "MemoryError: a tensor of 10,000,000,000 elements is over"),
])
def test_computation_errors_exit_1_with_torch_message(args, message):
    outcome = invoke(*args)
    assert outcome.exit_code == COMPUTATION
    assert outcome.stdout == ""
    assert message in outcome.stderr
    assert "Traceback" not in outcome.stderr


def test_errors_from_a_real_process_keep_stdout_empty_even_with_json():
    outcome = run_process("grad", "x +", "--at", "x=1", "--json")
    assert (outcome.exit_code, outcome.stdout) == (USAGE, "")
    assert outcome.stderr.startswith("gradcli: error: EXPR does not parse")


def test_expr_may_start_with_a_minus():
    assert invoke("grad", "-x**2", "--at", "x=3", "--json").json() == {"value": -9.0, "grad": {"x": -6.0}}


# ---- properties: any input gets an answer, never a traceback ---------------------------------------------

numbers = st.floats(allow_nan=True, allow_infinity=True, width=64)
arrays = st.one_of(numbers, st.lists(numbers, max_size=4), st.lists(st.lists(numbers, min_size=2, max_size=2),
                                                                       min_size=1, max_size=3))


@settings(max_examples=60, deadline=None)
@given(arrays)
def test_any_literal_array_round_trips_through_at(value):
    text = json.dumps(value).replace("NaN", "nan").replace("Infinity", "inf")
    outcome = invoke("jacobian", "x", "--at", f"x={text}", "--json")
    assert outcome.exit_code == 0, outcome.stderr
    written = outcome.json()["value"]
    read_back = np.array(json.loads(json.dumps(written).replace('"nan"', "NaN").replace('"-inf"', "-Infinity")
                                    .replace('"inf"', "Infinity")), dtype=np.float64)
    np.testing.assert_array_equal(read_back, np.array(value, dtype=np.float64))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="x[]0123456789.,-+e naif()*", max_size=12))
def test_mangled_values_get_a_usage_error_or_a_result(text):
    outcome = invoke("grad", "sum(x)", "--at", f"x={text}", "--json")
    assert outcome.exit_code in (0, USAGE)
    assert "Traceback" not in outcome.stderr
    if outcome.exit_code == 0:
        json.loads(outcome.stdout)
    else:
        assert outcome.stdout == "" and outcome.stderr.startswith("gradcli: error: ")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="xy()+-*/@[],.0123456789 sinlogexpsum", max_size=16))
def test_mangled_expressions_get_a_clear_answer(expr):
    outcome = invoke("grad", expr, "--at", "x=0.5", "--at", "y=[1,2]", "--json")
    assert outcome.exit_code in (0, COMPUTATION, USAGE)
    assert "Traceback" not in outcome.stderr and "internal error" not in outcome.stderr
    if outcome.exit_code == 0:
        json.loads(outcome.stdout)
    else:
        assert outcome.stdout == ""
