"""Running gradcli as a user would: in-process through Typer's runner (fast), or as a real process."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from gradcli.cli.app import app

REPO = Path(__file__).resolve().parents[2]


class Outcome(NamedTuple):
    exit_code: int
    stdout: str
    stderr: str

    def json(self):
        """The one JSON object stdout must hold (json.loads refuses anything after it)."""
        return json.loads(self.stdout)


def invoke(*args):
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Outcome(result.exit_code, result.stdout, result.stderr)


def run_process(*args, env=None):
    """`python -m gradcli ARGS` in a fresh process, from the checkout (installed or not)."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    done = subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True,
                          env=environment, cwd=REPO, timeout=120)
    return Outcome(done.returncode, done.stdout, done.stderr)


@pytest.fixture
def gradcli():
    return invoke


def console_examples(text):
    """(command, what it prints) for each `$ gradcli ...` line of the ```console blocks in `text` (a line
    ending in \\ continues the command; piped commands are left out)."""
    found = []
    for block in text.split("```console\n")[1:]:
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
