"""The README's `gradcli check` example is real: the commands print what the section shows."""

import os
import subprocess
import sys

from check_helpers import REPO

SECTION = "## Homework checking: `gradcli check`"
TABLE_COMMAND = "$ gradcli check examples/homework/calculus.toml\n"
GRADCHECK_COMMAND = '$ gradcli check --gradcheck "x**2 * sin(x) + x * y" --at x=0.5 --at "y=[1, 2]"\n'


def shown_after(command):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    after = section[section.index(command) + len(command):]
    return after[:min(after.index(end) for end in ("$ ", "```") if end in after)]


def printed(*args):
    # The README's table was printed 112 columns wide; Rich reads the width from COLUMNS off a terminal.
    environment = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "112"}
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", *args], capture_output=True, text=True,
                          env=environment, cwd=REPO, timeout=120)
    return done.stdout


def test_the_example_table():
    assert printed("examples/homework/calculus.toml") == shown_after(TABLE_COMMAND)


def test_the_gradcheck_example():
    assert printed("--gradcheck", "x**2 * sin(x) + x * y", "--at", "x=0.5", "--at", "y=[1, 2]") \
        == shown_after(GRADCHECK_COMMAND)


def console_blocks(heading):
    """(command, what the README shows it printing) for each `$ ` line of the console blocks of a subsection."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(heading):]
    section = section[:section.index("\n### ", 1)]
    found = []
    for block in section.split("```console\n")[1:]:
        block = block[:block.index("```")]
        for chunk in block.split("$ ")[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


def run_shown(command, previous):
    import shlex

    if command == "echo $?":
        return f"{previous.returncode}\n"
    if command.startswith("cat "):
        return (REPO / command[4:]).read_text(encoding="utf-8")
    arguments = shlex.split(command)
    assert arguments[0] == "gradcli"
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "gradcli", *arguments[1:]], capture_output=True, text=True,
                          env=environment, cwd=REPO, timeout=120)


def test_the_new_subsections_show_what_the_commands_print():
    for heading in ("### One problem from the command line", "### Grading a roster"):
        previous = None
        blocks = console_blocks(heading)
        assert blocks
        for command, shown in blocks:
            done = run_shown(command, previous)
            printed_text = done if isinstance(done, str) else done.stdout
            assert printed_text == shown, command
            previous = done if not isinstance(done, str) else previous


def test_the_selftest_example(tmp_path):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Testing a key: `--selftest`"):]
    key = section[section.index("```toml\n") + 8:section.index("```", section.index("```toml\n") + 8)]
    shown = section[section.index("```text\n") + 8:section.index("```", section.index("```text\n") + 8)]
    (tmp_path / "trap.toml").write_text(key)
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", "--selftest", str(tmp_path / "trap.toml")],
                          capture_output=True, text=True, env=environment, cwd=REPO, timeout=120)
    assert done.returncode == 1 and done.stdout == shown
