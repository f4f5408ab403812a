"""Pass, fail and error, problem by problem: the JSON report of small problem sets."""

import math

import pytest

from check_helpers import EXAMPLE, by_name, check, toml_file

PROBLEM_KEYS = {"name", "ok", "status", "max_error", "worst_at", "message", "diagnoses", "file"}


def graded(tmp_path, text, *options):
    outcome = check(toml_file(tmp_path, text), "--json", *options)
    assert outcome.exit_code in (0, 1), outcome.stderr
    return outcome, by_name(outcome.json())


def test_the_example_set_exactly():
    outcome = check(EXAMPLE, "--json")
    assert outcome.exit_code == 1
    report = outcome.json()
    assert set(report) == {"passed", "failed", "errors", "problems"}
    assert (report["passed"], report["failed"], report["errors"]) == (6, 2, 0)
    for problem in report["problems"]:
        assert set(problem) == PROBLEM_KEYS
        assert problem["ok"] == (problem["status"] == "pass")
        assert isinstance(problem["max_error"], float) and isinstance(problem["message"], str)
    statuses = {name: problem["status"] for name, problem in by_name(report).items()}
    assert [name for name, status in statuses.items() if status == "fail"] == [
        "3b vector variable, forgot a term", "4b agrees at 0 and 1 only"]
    vector = by_name(report)["3a vector variable"]["worst_at"]["w"]
    assert len(vector) == 3


def test_all_passing_exits_0(tmp_path):
    outcome, problems = graded(tmp_path, """
        [[problem]]
        name = "chain"
        f = "sin(x**2)"
        answer = "2*x*cos(x**2)"
        """)
    assert outcome.exit_code == 0
    assert problems["chain"]["status"] == "pass" and problems["chain"]["max_error"] <= 1e-6
    assert problems["chain"]["message"] == "agrees at 10 points"


def test_a_wrong_answer_that_agrees_at_0_and_1_is_caught(tmp_path):
    outcome, problems = graded(tmp_path, """
        [[problem]]
        name = "lucky"
        f = "x**3"
        answer = "3*x"
        range = [0, 1]
        at = [{ x = 0 }, { x = 1 }]
        """)
    assert outcome.exit_code == 1
    assert problems["lucky"]["status"] == "fail"
    assert problems["lucky"]["worst_at"]["x"] not in (0.0, 1.0)
    assert problems["lucky"]["message"] == "differs at 10 of 12 points"  # the two explicit points agree


def test_errors_are_per_problem_and_the_others_are_graded(tmp_path):
    outcome, problems = graded(tmp_path, """
        [[problem]]
        name = "does not parse"
        f = "x**2"
        answer = "2*x +"
        [[problem]]
        name = "unknown variable"
        f = "x**2"
        answer = "2*q"
        [[problem]]
        name = "unknown partial"
        f = "x * y"
        answer = { x = "y", z = "x" }
        [[problem]]
        name = "wrong shape"
        f = "sum(w**2)"
        vars = { w = [3] }
        answer = "2*w[:2]"
        [[problem]]
        name = "one answer for two variables"
        f = "x * y"
        answer = "y"
        [[problem]]
        name = "fine"
        f = "x * y"
        answer = { x = "y", y = "x" }
        """)
    assert outcome.exit_code == 1
    assert {name: p["status"] for name, p in problems.items()} == {
        "does not parse": "error", "unknown variable": "error", "unknown partial": "error", "wrong shape": "error",
        "one answer for two variables": "error", "fine": "pass"}
    assert problems["does not parse"]["message"].startswith("answer does not parse")
    assert "unknown variable 'q'" in problems["unknown variable"]["message"]
    assert "unknown variable 'z'" in problems["unknown partial"]["message"]
    assert "has shape [2], but the derivative has shape [3]" in problems["wrong shape"]["message"]
    assert "table of partials" in problems["one answer for two variables"]["message"]
    for name in ("does not parse", "wrong shape"):
        assert problems[name]["max_error"] is None and problems[name]["worst_at"] is None
    assert outcome.json()["errors"] == 5


def test_no_domain_is_an_error_and_a_partial_domain_is_redrawn(tmp_path):
    outcome, problems = graded(tmp_path, """
        [[problem]]
        name = "nowhere"
        f = "log(x)"
        answer = "1/x"
        range = [-3, -1]
        [[problem]]
        name = "half"
        f = "sqrt(x)"
        answer = "0.5 / sqrt(x)"
        """)
    assert problems["nowhere"]["status"] == "error"
    assert problems["nowhere"]["message"].startswith("cannot find enough points in the domain")
    assert problems["half"]["status"] == "pass" and problems["half"]["message"] == "agrees at 10 points"


def test_an_answer_not_finite_where_the_reference_is_fails(tmp_path):
    outcome, problems = graded(tmp_path, """
        [[problem]]
        name = "never finite"
        f = "x**2"
        answer = "2*x + 1/(x - x)"
        """)
    assert problems["never finite"]["status"] == "fail"
    assert problems["never finite"]["max_error"] == "inf"


def test_numbers_at_explicit_points(tmp_path):
    outcome, problems = graded(tmp_path, """
        [[problem]]
        name = "right"
        f = "exp(2*x)"
        at = [{ x = 0 }, { x = 0.5 }]
        answer = [2, 5.43656365691809]
        [[problem]]
        name = "wrong"
        f = "exp(2*x)"
        at = [{ x = 0 }, { x = 0.5 }]
        answer = [2, 5.4]
        [[problem]]
        name = "one point"
        f = "x * y"
        at = [{ x = 2, y = 3 }]
        answer = { x = 3, y = 2 }
        [[problem]]
        name = "vector"
        f = "sum(w**2)"
        vars = { w = [2] }
        at = [{ w = [1, -2] }]
        answer = [2, -4]
        [[problem]]
        name = "too few"
        f = "exp(2*x)"
        at = [{ x = 0 }, { x = 0.5 }]
        answer = [2]
        [[problem]]
        name = "no points"
        f = "exp(2*x)"
        answer = 2
        """)
    assert {name: p["status"] for name, p in problems.items()} == {
        "right": "pass", "wrong": "fail", "one point": "pass", "vector": "pass", "too few": "error",
        "no points": "error"}
    assert problems["right"]["message"] == "agrees at 2 points"
    assert problems["wrong"]["worst_at"] == {"x": 0.5}
    assert math.isclose(problems["wrong"]["max_error"], abs(5.4 - 2 * math.e) / (2 * math.e + 1e-6))


def test_tolerances_decide_agreement(tmp_path):
    text = """
        [defaults]
        tolerance = {tolerance}
        [[problem]]
        name = "rounded"
        f = "exp(x)"
        at = [{{ x = 1 }}]
        answer = 2.718
        """
    assert graded(tmp_path, text.format(tolerance=1e-6))[1]["rounded"]["status"] == "fail"
    assert graded(tmp_path, text.format(tolerance=1e-3))[1]["rounded"]["status"] == "pass"


def test_explicit_point_outside_the_domain_is_an_error(tmp_path):
    _, problems = graded(tmp_path, """
        [[problem]]
        name = "log at 0"
        f = "log(x)"
        answer = "1/x"
        range = [0.5, 2]
        at = [{ x = 0 }]
        """)
    assert problems["log at 0"]["status"] == "error"
    assert "not finite at the explicit point x=0.0" in problems["log at 0"]["message"]


@pytest.mark.parametrize("f, answer", [("x - mean(x)", "0"), ("x * x.item()", "x"), ("sum(x) * x", "2*x"),
                                       ("x**2 / 2", "2*x - min(x)"), ("x**2 / 2", "2*x - max(x)")])
def test_expressions_that_are_not_elementwise_are_graded_point_by_point(tmp_path, f, answer):
    _, problems = graded(tmp_path, f"""
        [[problem]]
        name = "p"
        f = "{f}"
        answer = "{answer}"
        """)
    assert problems["p"]["status"] == "pass", problems["p"]["message"]


def test_a_variable_named_like_a_calculator_function_is_declared(tmp_path):
    _, problems = graded(tmp_path, """
        [[problem]]
        name = "declared"
        f = "t**2 * sin(t)"
        vars = { t = [] }
        answer = "2*t*sin(t) + t**2*cos(t)"
        [[problem]]
        name = "partial"
        f = "t * x"
        answer = { t = "x", x = "t" }
        [[problem]]
        name = "undeclared"
        f = "t**2"
        answer = "2*t"
        """)
    assert problems["declared"]["status"] == "pass" and problems["partial"]["status"] == "pass"
    assert problems["undeclared"]["status"] == "error"
    assert problems["undeclared"]["message"].endswith("declare it: vars = { t = [] })")
