"""The README's script-language section shows what gradcli prints: every `$ gradcli ...` console example
is run (stderr merged into stdout, as a terminal shows them) and compared with the lines under it."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SECTION = re.search(r"^## The script language: gradcli run / eval\n(.*?)^## ", (REPO / "README.md").read_text(),
                    re.S | re.M).group(1)
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", SECTION, re.S)
SCRIPT = next(body for kind, body in BLOCKS if kind == "python")  # the lesson.py the examples run


def examples():
    for kind, body in BLOCKS:
        if kind == "console" and body.startswith("$ "):
            for command, output in re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*)", body, re.M):
                yield command, output


@pytest.mark.parametrize("command, output", list(examples()), ids=lambda value: value[:40])
def test_readme_example(command, output, tmp_path):
    (tmp_path / "lesson.py").write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    shell_command = command.replace("gradcli ", f"{sys.executable} -m gradcli ", 1)
    result = subprocess.run(shell_command, shell=True, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=60)
    assert result.stdout == output
