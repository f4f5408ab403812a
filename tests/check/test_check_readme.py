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
