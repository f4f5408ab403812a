"""Issue 11: --at values as constant expressions (also inside lists), --deg, and many points in one call
(--at x=START:STOP:STEP, or a list with --each): a row per point, one JSON list."""

import math

import pytest

from conftest import invoke

# (VALUE, the float64 array it gives)
CONSTANT_VALUES = [
    ("pi/2", math.pi / 2),
    ("2*pi/3", 2 * math.pi / 3),
    ("sqrt(2)", math.sqrt(2)),
    ("-e**2 % 3", -math.e ** 2 % 3),
    ("[pi, -pi/4, ln(2)]", [math.pi, -math.pi / 4, math.log(2)]),
    ("[[1, sqrt(4)], [3, 2**2]]", [[1.0, 2.0], [3.0, 4.0]]),
]


@pytest.mark.parametrize("value, expected", CONSTANT_VALUES, ids=[value for value, _ in CONSTANT_VALUES])
def test_a_value_may_be_a_constant_expression(value, expected):
    outcome = invoke("jacobian", "x", "--at", f"x={value}", "--json")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.json()["value"] == expected


def test_the_context_shows_the_value_as_typed():
    assert invoke("grad", "x", "--at", "x=pi/2").stdout.startswith("x  at x=pi/2 (float64)\n")


# torch 2.13, float64: y = torch.sin(x * (math.pi / 180)) at x = 30, and its derivative.
def test_degrees():
    outcome = invoke("grad", "sin(x)", "--at", "x=30", "--deg", "--json")
    assert outcome.json() == {"value": 0.49999999999999994, "grad": {"x": 0.015114994701951816}}
    assert invoke("grad", "sin(x)", "--at", "x=30", "--deg").stdout.startswith("sin(x)  at x=30 (float64, degrees)\n")


def test_degrees_apply_to_math_and_to_constant_values():
    by_math = invoke("grad", "math.cos(x) + sec(x)", "--at", "x=60", "--deg", "--json").json()
    assert by_math["value"] == pytest.approx(0.5 + 2, rel=1e-15)
    assert invoke("jacobian", "x", "--at", "x=asin(1)", "--deg", "--json").json()["value"] == 90.0


def test_points_from_start_to_stop():
    outcome = invoke("grad", "x**2", "--at", "x=0:1:0.25")
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.stdout == ("x**2  at x=0:1:0.25 (float64)\n\n"
                              "x       value   grad x\n"
                              "0.      0.      0.\n"
                              "0.2500  0.0625  0.5000\n"
                              "0.5000  0.2500  1.\n"
                              "0.7500  0.5625  1.5000\n"
                              "1.      1.      2.\n")


def test_points_of_a_list_with_each_as_json():
    outcome = invoke("grad", "x**2 * y", "--at", "x=[0,0.5,1]", "--at", "y=2", "--each", "--json")
    assert outcome.exit_code == 0
    assert outcome.json() == [{"at": {"x": 0.0}, "value": 0.0, "grad": {"x": 0.0, "y": 0.0}},
                              {"at": {"x": 0.5}, "value": 0.5, "grad": {"x": 2.0, "y": 0.25}},
                              {"at": {"x": 1.0}, "value": 2.0, "grad": {"x": 4.0, "y": 1.0}}]


def test_several_names_take_their_points_together():
    outcome = invoke("hessian", "x**2 * y", "--at", "x=0:1:1", "--at", "y=[3,4]", "--each", "--json")
    assert [point["at"] for point in outcome.json()] == [{"x": 0.0, "y": 3.0}, {"x": 1.0, "y": 4.0}]
    assert [point["hessian"]["x"]["x"] for point in outcome.json()] == [6.0, 8.0]


def test_a_jacobian_at_each_point_keeps_to_one_row():
    outcome = invoke("jacobian", "x * y", "--at", "x=0:2:1", "--at", "y=[1,2]")
    assert outcome.stdout.splitlines()[2:] == ["x   value     jacobian x  jacobian y",
                                               "0.  [0., 0.]  [1., 2.]    [[0., 0.], [0., 0.]]",
                                               "1.  [1., 2.]  [1., 2.]    [[1., 0.], [0., 1.]]",
                                               "2.  [2., 4.]  [1., 2.]    [[2., 0.], [0., 2.]]"]


def test_warnings_at_points_name_the_point():
    outcome = invoke("grad", "log(x)", "--at", "x=0:1:1", "--json")
    assert outcome.exit_code == 0
    assert outcome.stderr.startswith("gradcli: warning: at x=0.0: value contains -inf")
