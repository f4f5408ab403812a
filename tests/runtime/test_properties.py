"""Property tests: whatever text arrives, gradcli answers with an exit code of 0, 1 or 2 and its own
messages, never an internal Python traceback, and never hangs (a watchdog interrupts a run as Ctrl-C
would, after a few seconds)."""

import io
import os
import re
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradcli.runtime.session import run_source

REPO = Path(__file__).resolve().parents[2]
CORPUS = [path.read_text() for folder in ("examples/seeds", "tests/golden/lang/python", "tests/golden/lang/gradcli")
          for path in sorted((REPO / folder).glob("*.py"))]
TOKENS = ["x", "y", "torch", "tensor", "(", ")", "[", "]", ",", ":", "=", "+", "-", "*", "**", "/", ".", "1",
          "2.5", "'s'", "f'{x}'", "if", "else", "for", "in", "while", "def", "return", "lambda", "try", "except",
          "with", "not", "and", "None", "True", "backward", "grad", "requires_grad", "\n", "\n    ", ";", "#",
          "\\", "@", "%", "del", "raise", "import", "from", "as", "assert", "*", "..."]
INTERNAL_FRAME = re.compile(r'File "[^"]*gradcli[/\\]')
WATCHDOG_SECONDS = 3
PROPERTY_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Watchdog:
    """Interrupts the run after a while, as Ctrl-C does: a SIGINT to this process."""

    def __enter__(self):
        def interrupt(signum, frame):
            os.kill(os.getpid(), signal.SIGINT)
        self.previous = signal.signal(signal.SIGALRM, interrupt)
        signal.setitimer(signal.ITIMER_REAL, WATCHDOG_SECONDS)

    def __exit__(self, *exc_info):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)


def check_answers_cleanly(source):
    out, err = io.StringIO(), io.StringIO()
    with Watchdog():
        code = run_source(source, "<property>", out, err)
    assert code in (0, 1, 2)
    assert not INTERNAL_FRAME.search(err.getvalue()), err.getvalue()
    if code == 2:
        assert err.getvalue().startswith('  File "<property>", line ')
    if code == 1:
        assert err.getvalue().strip(), "a script error is always reported"


@PROPERTY_SETTINGS
@given(st.text(max_size=200))
def test_random_text(source):
    check_answers_cleanly(source)


@PROPERTY_SETTINGS
@given(st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join))
def test_token_soup(source):
    check_answers_cleanly(source)


@st.composite
def mangled_scripts(draw):
    """A real script with a few characters deleted, replaced or inserted, or its lines cut and shuffled."""
    text = draw(st.sampled_from(CORPUS))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "truncate", "swap_lines"]))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 5)):]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS + [" ", "    ", "'", '"', "{", "}"])) + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(st.characters()) + text[at + 1:]
        elif kind == "truncate":
            text = text[:at]
        else:
            lines = text.split("\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


@PROPERTY_SETTINGS
@given(mangled_scripts())
def test_mangled_scripts(source):
    check_answers_cleanly(source)


PATHOLOGICAL = {
    "repr recursion in C": "x = []\nfor i in range(100000):\n    x = [x]\nprint(x)",
    "script recursion": "def f(n):\n    return f(n + 1) + 1\nf(0)",
    "deep unary nesting": "x = " + "-" * 5000 + "1",
    "long flat expression": "x = " + "1 + " * 20000 + "1",
    "unknown character name": "'\\N{NOT A NAME}'",
    "brace in a nested spec": "f'{x!r:{'{'}}'",
}


@pytest.mark.parametrize("source", PATHOLOGICAL.values(), ids=PATHOLOGICAL.keys())
def test_pathological_inputs(source):
    check_answers_cleanly(source)
