"""examples/lessons: each lesson does what it says. The run lesson prints what Python + PyTorch 2.13 printed
for it (examples/lessons/run_first_gradient.out: the script run by /work/torchenv's Python with torch
imported); every `$ gradcli`
line of the calculator walkthrough prints what follows it; the check key passes, and fails once an answer
is wrong."""

import shlex

import pytest

from conftest import REPO, console_examples, invoke, run_process

LESSONS = REPO / "examples" / "lessons"


def test_the_run_lesson_prints_what_torch_printed():
    outcome = run_process("run", str(LESSONS / "run_first_gradient.py"))
    assert (outcome.exit_code, outcome.stderr) == (0, "")
    assert outcome.stdout == (LESSONS / "run_first_gradient.out").read_text(encoding="utf-8")


WALKTHROUGH = console_examples((LESSONS / "calculator.md").read_text(encoding="utf-8"))


def test_the_walkthrough_has_its_examples():
    assert len(WALKTHROUGH) == 8 and all(command.startswith("gradcli ") for command, _ in WALKTHROUGH)


@pytest.mark.parametrize("command, shown", WALKTHROUGH, ids=[command[:50] for command, _ in WALKTHROUGH])
def test_calculator_walkthrough(command, shown):
    outcome = invoke(*shlex.split(command)[1:])
    assert outcome.exit_code == 0
    assert outcome.stdout + outcome.stderr == shown


def test_the_check_key_passes():
    outcome = invoke("check", str(LESSONS / "check_key.toml"), "--json")
    assert outcome.exit_code == 0
    assert [(problem["name"], problem["status"]) for problem in outcome.json()["problems"]] == [
        ("power rule", "pass"), ("chain rule", "pass"), ("log, x > 0", "pass"), ("partials", "pass"),
        ("explicit point", "pass")]


def test_a_wrong_answer_in_the_key_fails(tmp_path):
    student = tmp_path / "student.toml"
    key = (LESSONS / "check_key.toml").read_text(encoding="utf-8")
    student.write_text(key.replace('answer = "3*x**2"', 'answer = "3*x"'), encoding="utf-8")
    outcome = invoke("check", str(student), "--json")
    assert outcome.exit_code == 1
    assert [problem["status"] for problem in outcome.json()["problems"]] == ["fail", "pass", "pass", "pass", "pass"]
