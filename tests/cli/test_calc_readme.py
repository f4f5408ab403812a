"""The README's calculator examples are real: each `$ gradcli ...` prints what the README shows."""

import shlex

import pytest

from conftest import REPO, invoke

SECTION = "## Calculator: grad, jacobian, hessian, jvp, graph"


def examples(heading=SECTION):
    """(command, what it prints) for each `$ gradcli ...` line of the README section under `heading`."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(heading):]
    section = section[:section.index("\n## ", len(heading))]
    found = []
    for block in section.split("```console\n")[1:]:
        lines = block[:block.index("```")].splitlines()
        command, shown = None, []
        for line in lines + ["$ "]:
            if line.startswith("$ "):
                while shown and not shown[-1]:  # the blank line before the next command
                    shown.pop()
                if command is not None and command.startswith("gradcli ") and "|" not in command:
                    found.append((command, "".join(f"{each}\n" for each in shown)))
                command, shown = line[2:], []
            elif command is not None and command.endswith("\\"):
                command = command[:-1] + line.strip()
            else:
                shown.append(line)
    return found


def test_the_section_has_a_dozen_examples():
    assert len(examples()) >= 12


@pytest.mark.parametrize("command, shown", examples(), ids=[command[:60] for command, _ in examples()])
def test_readme_example(command, shown):
    outcome = invoke(*shlex.split(command)[1:])
    assert outcome.exit_code == 0
    assert outcome.stdout + outcome.stderr == shown
