"""Running `gradcli check` as a user would: in-process through Typer's runner, or as a real process."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import NamedTuple

from typer.testing import CliRunner

from gradcli.cli.app import app

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "homework" / "calculus.toml"


class Outcome(NamedTuple):
    exit_code: int
    stdout: str
    stderr: str

    def json(self):
        return json.loads(self.stdout)


def check(*args):
    result = CliRunner().invoke(app, ["check", *map(str, args)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Outcome(result.exit_code, result.stdout, result.stderr)


def check_process(*args):
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", *map(str, args)], capture_output=True,
                          text=True, env=environment, cwd=REPO, timeout=120)
    return Outcome(done.returncode, done.stdout, done.stderr)


def toml_file(directory, text, name="set.toml"):
    path = Path(directory) / name
    path.write_text(textwrap.dedent(text))
    return path


def by_name(report):
    return {problem["name"]: problem for problem in report["problems"]}
