"""The README's calculator examples are real: each `$ gradcli ...` prints what the README shows."""

import shlex

import pytest

from conftest import REPO, console_examples, invoke

SECTION = "## Calculator: grad, jacobian, hessian, jvp, graph"


def examples():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ", len(SECTION))]
    return console_examples(section)


def test_the_section_has_a_dozen_examples():
    assert len(examples()) >= 12


@pytest.mark.parametrize("command, shown", examples(), ids=[command[:60] for command, _ in examples()])
def test_readme_example(command, shown):
    outcome = invoke(*shlex.split(command)[1:])
    assert outcome.exit_code == 0
    assert outcome.stdout + outcome.stderr == shown
