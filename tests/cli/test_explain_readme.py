"""The README's explain and plot examples, and the explain lesson (examples/lessons/explain.md), are real:
each `$ gradcli ...` prints what is shown below it."""

import shlex

import pytest

from conftest import REPO, console_examples, invoke

SECTIONS = ("## Explain: backprop node by node", "## Plot: f and its derivatives")


def examples(heading):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(heading):]
    return console_examples(section[:section.index("\n## ", len(heading))])


LESSON = console_examples((REPO / "examples" / "lessons" / "explain.md").read_text(encoding="utf-8"))
EXAMPLES = [example for heading in SECTIONS for example in examples(heading)] + LESSON


def test_each_section_and_the_lesson_have_examples():
    assert all(examples(heading) for heading in SECTIONS) and len(LESSON) == 3


@pytest.mark.parametrize("command, shown", EXAMPLES, ids=[command[:60] for command, _ in EXAMPLES])
def test_readme_example(command, shown):
    outcome = invoke(*shlex.split(command)[1:])
    assert outcome.exit_code == 0
    assert outcome.stdout + outcome.stderr == shown
