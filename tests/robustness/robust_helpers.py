"""Helpers for the robustness tests: run gradcli as a real process (always with a timeout) and check that
whatever happened, the user got gradcli's own answer, not Python's internals."""

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]
PROCESS_TIMEOUT = 30   # seconds; a run that needs more is a hang for these tests
FRAME = re.compile(r'^\s*File "([^"]*)"', re.MULTILINE)


class Outcome(NamedTuple):
    exit_code: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def last_line(self):
        lines = [line for line in self.stderr.splitlines() if line.strip() and not line.startswith("hint: ")]
        return lines[-1] if lines else ""


def gradcli(*args, stdin=None, timeout=PROCESS_TIMEOUT, cwd=None):
    """`python -m gradcli ARGS` in a fresh process; a run over `timeout` fails the test (no hang)."""
    import time

    environment = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1", "COLUMNS": "200"}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "gradcli", *map(str, args)], capture_output=True,
                          input=stdin, env=environment, cwd=cwd or REPO, timeout=timeout)
    return Outcome(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"),
                   time.monotonic() - start)


def gradcli_many(argument_lists, workers=8):
    """Several independent runs at once (each is a process start, about a second)."""
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda args: gradcli(*args), argument_lists))


def internal_leaks(outcome, script_names=("<eval>", "<stdin>")):
    """What in stderr shows Python's insides instead of gradcli's answer; empty when clean."""
    problems = []
    for frame in FRAME.findall(outcome.stderr):
        if frame not in script_names:
            problems.append(f"a traceback frame outside the script: {frame}")
    if re.search(r"gradcli[/\\]\w", outcome.stderr):
        problems.append("a path inside the gradcli package")
    if "Traceback" in outcome.stderr and not FRAME.search(outcome.stderr):
        problems.append("a traceback header without script frames")
    exception = re.match(r"^([\w.]+)(:|$)", outcome.last_line)
    if exception and "." in exception.group(1):
        problems.append(f"an internal exception class: {exception.group(1)}")
    return problems


def assert_clean(outcome, exit_codes, script_names=("<eval>", "<stdin>")):
    assert outcome.exit_code in exit_codes, (outcome.exit_code, outcome.stderr[-2000:])
    problems = internal_leaks(outcome, script_names)
    assert not problems, (problems, outcome.stderr[-2000:])
