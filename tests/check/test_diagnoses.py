"""Diagnoses of wrong answers: each found on its typical mistake, none raised on right answers written in
other, equivalent forms."""

import pytest

from check_helpers import by_name, check

# (diagnosis, f, the typical wrong answer, extra TOML lines)
MISTAKES = [
    ("sign error", "x**2 * sin(x)", "-2*x*sin(x) - x**2*cos(x)", ""),
    ("constant factor", "x**3", "6*x**2", ""),
    ("off by a constant", "x**3 + 5*x", "3*x**2", ""),
    ("not differentiated", "x**3", "x**3", ""),
    ("derivative w.r.t. another variable", "x * y**2", '{ x = "2*x*y" }', ""),
    ("differentiated twice", "x**3", "6*x", ""),
    ("integrated instead", "x**3", "x**4 / 4", ""),
    ("chain rule inner factor missing", "sin(x**2)", "cos(x**2)", ""),
    ("chain rule inner factor missing", "x * exp(3*x)", "exp(3*x) + x*exp(3*x)", ""),
    ("transposed Jacobian", "sum(W * tensor([[1., 2.], [3., 4.]]))", "tensor([[1., 3.], [2., 4.]])",
     "vars = { W = [2, 2] }"),
    ("right except on part of the domain", "sqrt(x**2)", "1", ""),
]

# (f, a right answer in another form than the usual one, extra TOML lines)
RIGHT = [
    ("x**2 * sin(x)", "x*(2*sin(x) + x*cos(x))", ""),
    ("exp(x)", "exp(x)", ""),                          # f' = f: "not differentiated" must not fire
    ("x**3", "3*x*x", ""),
    ("sin(x)**2", "sin(2*x)", ""),
    ("log(x**2)", "2/x", "range = [0.5, 3]"),
    ("sqrt(x**2)", "x / abs(x)", ""),
    ("x * y**2", '{ x = "y*y", y = "2*y*x" }', ""),
    ("sum(W * tensor([[1., 2.], [3., 4.]]))", "tensor([[1., 2.], [3., 4.]])", "vars = { W = [2, 2] }"),
    ("x**4 / 4", "x**3", ""),                          # integrated-looking, but right
    ("sin(x) + cos(x)", "cos(x) - sin(x)", ""),
]


def problem(number, f, answer, extra):
    answer_text = answer if answer.startswith("{") else f'"{answer}"'
    return f'[[problem]]\nname = "{number}"\nf = "{f}"\nanswer = {answer_text}\n{extra}\n'


def graded(tmp_path, cases):
    path = tmp_path / "set.toml"
    path.write_text("".join(problem(i, *case) for i, case in enumerate(cases)))
    return check("--json", path)


def test_each_diagnosis_names_its_typical_mistake(tmp_path):
    outcome = graded(tmp_path, [case[1:] for case in MISTAKES])
    assert outcome.exit_code == 1
    problems = by_name(outcome.json())
    for i, (diagnosis, f, answer, _) in enumerate(MISTAKES):
        found = problems[str(i)]
        assert found["status"] == "fail", (f, answer)
        assert [d["diagnosis"] for d in found["diagnoses"]] == [diagnosis], (f, answer, found["diagnoses"])
        assert found["diagnoses"][0]["evidence"], (f, answer)


def test_evidence_says_what_was_found(tmp_path):
    problems = by_name(graded(tmp_path, [MISTAKES[0][1:], MISTAKES[1][1:], MISTAKES[7][1:]]).json())
    assert problems["0"]["diagnoses"][0]["evidence"] == \
        "the answer is -1 x the derivative at all 10 points: a sign error"
    assert problems["1"]["diagnoses"][0]["evidence"] == \
        "the answer is 2 x the derivative at all 10 points: a constant factor"
    assert problems["2"]["diagnoses"][0]["evidence"] == \
        "the answer equals df/du at u = x**2 at all 10 points: the chain rule's inner factor d(x**2)/dx is missing"


def test_no_diagnosis_on_right_answers_in_other_forms(tmp_path):
    outcome = graded(tmp_path, RIGHT)
    assert outcome.exit_code == 0, outcome.stdout
    for found in outcome.json()["problems"]:
        assert found["status"] == "pass" and found["diagnoses"] == []


@pytest.mark.parametrize("diagnosis, f, answer, extra", MISTAKES)
def test_no_diagnosis_function_holds_for_the_right_answer(diagnosis, f, answer, extra):
    """Each diagnosis function alone (not only the table's guard) keeps quiet when given the derivative."""
    import numpy as np
    import tomllib

    from gradcli.grading import diagnoses, grader, problems

    document = tomllib.loads(problem("p", f, answer, extra))
    spec = problems.specs(document, "t")[0]
    reference = grader.Reference.of(spec)
    variables = reference.variables
    result = grader.grade(spec)

    values = {name: np.stack([p.values[name] for p in result.points]) for name in variables}
    partials = {name: np.stack([p.expected[name] for p in result.points]) for name in variables}
    variable = next(iter(grader._answers(spec, variables, reference.f)))
    right = diagnoses.Case(reference, variable, None, values, partials, partials[variable], 1e-6, 1e-12)
    for key, function in diagnoses.DIAGNOSES.items():
        assert not function(right), (key, f)
