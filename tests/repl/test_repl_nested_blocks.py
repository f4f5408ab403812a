"""Blocks inside blocks (issue 11): `for` with `if` or `with torch.no_grad():` inside, typed at the REPL, on
a pipe and on a terminal (a pseudo-terminal driving a real `gradcli repl` process)."""

import os
import pty
import re
import select
import subprocess
import sys
import time

from repl_startup_time import CURSOR_POSITION_REPLY, CURSOR_POSITION_REQUEST

TRAINING_LOOP = """\
x = torch.tensor([1., 2.], requires_grad=True)
for step in range(3):
    loss = (x * x).sum()
    loss.backward()
    with torch.no_grad():
        x -= 0.25 * x.grad
    x.grad = None
    if step == 2:
        print(step, loss)

x
"""
# What Python + torch 2.13 print for TRAINING_LOOP in their REPL.
TRAINING_LOOP_OUTPUT = "2 tensor(0.3125, grad_fn=<SumBackward0>)\ntensor([0.1250, 0.2500], requires_grad=True)\n"
TIMEOUT_SECONDS = 30
ANSI_CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_nested_blocks_on_a_pipe(tmp_path):
    source = "for i in range(3):\n    if i:\n        print(i)\n    else:\n        print('zero')\n\n" + TRAINING_LOOP
    done = subprocess.run([sys.executable, "-m", "gradcli", "repl"], input=source, capture_output=True, text=True,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path)}, timeout=TIMEOUT_SECONDS)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "zero\n1\n2\n" + TRAINING_LOOP_OUTPUT


def typed_on_a_terminal(lines, history_dir):
    """Type `lines` into `gradcli repl` on a pseudo-terminal, each once the prompt is back; then Ctrl-D.
    Returns everything the terminal showed. On a terminal the REPL indents continuation lines itself, so
    each line is typed without its indentation; a blank line is Enter on the indentation offered."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "gradcli", "repl"], stdin=terminal, stdout=terminal,
                               stderr=terminal, env={**os.environ, "XDG_DATA_HOME": history_dir, "TERM": "xterm"},
                               close_fds=True)
    os.close(terminal)
    seen = b""

    def read_until(marker, start):
        nonlocal seen
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while marker not in seen[start:]:
            assert time.monotonic() < deadline, f"no {marker!r} after {TIMEOUT_SECONDS} s: {seen!r}"
            if select.select([controller], [], [], 0.05)[0]:
                seen += os.read(controller, 65536)
                if CURSOR_POSITION_REQUEST in seen:
                    os.write(controller, CURSOR_POSITION_REPLY)
                    seen = seen.replace(CURSOR_POSITION_REQUEST, b"")

    try:
        read_until(b">>>", 0)
        for line in lines:
            start = len(seen)
            os.write(controller, line.strip().encode() + b"\r")
            read_until(b"...", start) if line.strip() else read_until(b">>>", start)
        os.write(controller, b"\x04")
        assert process.wait(TIMEOUT_SECONDS) == 0
        while select.select([controller], [], [], 0.05)[0]:
            try:
                seen += os.read(controller, 65536)
            except OSError:
                break
    finally:
        process.kill()
        os.close(controller)
    return seen.decode("utf-8", "replace")


def test_nested_blocks_on_a_terminal(tmp_path):
    lines = ["for i in range(3):", "if i:", "print(i * 10)", ""]
    shown = ANSI_CONTROL.sub("", typed_on_a_terminal(lines, str(tmp_path)))
    assert "\n10\r\n20\r\n>>>" in shown and shown.count("10\r\n") == 1  # the block ran once, in full
    assert "Error" not in shown
