"""Seconds from starting `python -m gradcli repl` on a pseudo-terminal until its prompt is drawn.

    python tests/repl/repl_startup_time.py [RUNS]

Prints each run's time, then the median. Ctrl-D ends each session.
"""

import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time

PROMPT = b">>>"  # the space after it is drawn as a cursor move
CURSOR_POSITION_REQUEST, CURSOR_POSITION_REPLY = b"\x1b[6n", b"\x1b[1;1R"  # as a terminal answers
TIMEOUT_SECONDS = 10


def time_to_prompt(history_dir, arguments=("repl",)):
    """Seconds until the prompt is drawn; the session is then ended with Ctrl-D, which must exit 0."""
    controller, terminal = pty.openpty()
    environment = {**os.environ, "XDG_DATA_HOME": history_dir, "TERM": "xterm"}
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "gradcli", *arguments], stdin=terminal, stdout=terminal,
                               stderr=terminal, env=environment, close_fds=True)
    os.close(terminal)
    seen = b""
    try:
        while PROMPT not in seen:
            if time.perf_counter() - started > TIMEOUT_SECONDS:
                raise TimeoutError(f"no prompt after {TIMEOUT_SECONDS} s; output: {seen!r}")
            if select.select([controller], [], [], 0.05)[0]:
                seen += os.read(controller, 4096)
                if CURSOR_POSITION_REQUEST in seen:
                    os.write(controller, CURSOR_POSITION_REPLY)
                    seen = seen.replace(CURSOR_POSITION_REQUEST, b"")
        elapsed = time.perf_counter() - started
        os.write(controller, b"\x04")
        if process.wait(TIMEOUT_SECONDS) != 0:
            raise RuntimeError(f"Ctrl-D ended the REPL with exit code {process.returncode}")
    finally:
        process.kill()
        os.close(controller)
    return elapsed


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    with tempfile.TemporaryDirectory() as history_dir:
        times = [time_to_prompt(history_dir) for _ in range(runs)]
    for seconds in times:
        print(f"{seconds:.3f}")
    print(f"median {statistics.median(times):.3f} s, best {min(times):.3f} s over {runs} runs")


if __name__ == "__main__":
    main()
