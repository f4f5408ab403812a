"""Hypothesis strategies and in-process runners shared by tests/robustness/test_fuzz.py and the longer
campaign in bench/fuzz_campaign.py.

Scripts run in-process through gradcli.runtime.session.run_source (what `gradcli run/eval` call), the
calculator through Typer's CliRunner; a watchdog interrupts a run that takes too long, as Ctrl-C would,
and the run then counts as a hang."""

from __future__ import annotations

import io
import os
import re
import signal
import time
from pathlib import Path

from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
SEED_FILES = sorted([*(REPO / "examples/seeds").glob("*.py"), *(REPO / "tests/golden/lang").glob("**/*.py")])
CORPUS = [path.read_text(encoding="utf-8") for path in SEED_FILES]

IDENTIFIERS = ["x", "y", "z", "w", "f", "g", "torch", "F", "np", "math", "grad", "backward", "requires_grad",
               "tensor", "sum", "mean", "shape", "data", "detach", "zeros", "ones", "range", "len", "print",
               "_private", "__class__", "__dict__", "open", "eval", "getattr"]
NUMBERS = ["0", "1", "2", "3.5", "-1", "1e308", "1e-320", "10", "2**40", "0.", ".5", "1_000", "0x10", "1j",
           "nan", "inf", "99999999999999999999"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "@", "==", "!=", "<", ">", "<=", ">=", "=", "+=", "-=", "*=",
             "/=", "**=", "@=", ".", ",", ":", ";", "->", "~", "&", "|", "^", "<<", ">>", "not", "and", "or",
             "is", "in", "if", "else", "lambda", ":="]
BRACKETS = ["(", ")", "[", "]", "{", "}"]
KEYWORDS = ["def", "return", "for", "while", "if", "elif", "else", "try", "except", "finally", "with", "as",
            "import", "from", "del", "pass", "break", "continue", "raise", "assert", "None", "True", "False",
            "class", "yield", "global", "nonlocal", "async", "await"]
STRINGS = ["'s'", '"t"', "f'{x}'", "f'{x!r:>10}'", "'{0}'.format(x)", "'''", '"', "'", "b'x'", "r'\\n'"]
LAYOUT = ["\n", "\n    ", "\n        ", "\n  ", "\t", " ", "\\\n", "#", "\r\n", "\x00", "\u00e9", "\ufeff"]

TOKENS = st.one_of(st.sampled_from(IDENTIFIERS), st.sampled_from(NUMBERS), st.sampled_from(OPERATORS),
                   st.sampled_from(BRACKETS), st.sampled_from(KEYWORDS), st.sampled_from(STRINGS),
                   st.sampled_from(LAYOUT))


@st.composite
def token_streams(draw, max_tokens=60):
    tokens = draw(st.lists(TOKENS, max_size=max_tokens))
    separators = draw(st.lists(st.sampled_from(["", " "]), min_size=len(tokens), max_size=len(tokens)))
    return "".join(token + separator for token, separator in zip(tokens, separators))


def _mutate_characters(draw, text):
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "insert"]))
        if kind == "delete":
            text = text[:at] + text[at + 1:]
        elif kind == "duplicate":
            text = text[:at] + text[at] + text[at:]
        elif kind == "swap" and at + 1 < len(text):
            text = text[:at] + text[at + 1] + text[at] + text[at + 2:]
        elif kind == "insert":
            text = text[:at] + draw(TOKENS) + text[at:]
    return text


def _mutate_lines(draw, text):
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "indent", "dedent"]))
        if kind == "delete":
            del lines[at]
        elif kind == "duplicate":
            lines.insert(at, lines[at])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "indent":
            lines[at] = "    " + lines[at]
        else:
            lines[at] = lines[at].lstrip()
    return "\n".join(lines)


@st.composite
def mutated_scripts(draw):
    text = draw(st.sampled_from(CORPUS))
    if draw(st.booleans()):
        text = _mutate_lines(draw, text)
    if draw(st.booleans()):
        text = _mutate_characters(draw, text)
    return text


CALC_ATOMS = ["x", "x", "0.5", "2", "1e308", "0", "-1", "pi", "e", "nan", "inf", "y", "torch", "_x", "__class__"]
CALC_FUNCS = ["sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid", "relu", "abs", "sum", "mean", "max", "min",
              "maximum", "pow", "softmax", "open", "eval", "F.relu", "torch.sin", "x.sum", "x.__class__"]
CALC_JUNK = ["(", ")", "[", "]", ",", "**", "*", "/", "+", "-", "@", ".", "=", ";", "\n", "if", "lambda", ":",
             "'", "{", "#", "10**10**10", "2**(2**40)", " "]


@st.composite
def calculator_expressions(draw, depth=3):
    """Mostly well-formed expressions over x, with a share of junk tokens."""
    def expression(level):
        choice = draw(st.integers(0, 9 if level > 0 else 2))
        if choice <= 2:
            return draw(st.sampled_from(CALC_ATOMS))
        if choice <= 5:
            return f"{expression(level - 1)} {draw(st.sampled_from(['+', '-', '*', '/', '**', '@']))} {expression(level - 1)}"
        if choice <= 7:
            return f"{draw(st.sampled_from(CALC_FUNCS))}({expression(level - 1)})"
        if choice == 8:
            return f"({expression(level - 1)})"
        return f"-{expression(level - 1)}"

    text = expression(depth)
    if draw(st.booleans()):
        junk = draw(st.lists(st.sampled_from(CALC_JUNK), max_size=4))
        for token in junk:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + token + text[at:]
    return text


# ---- running one example -------------------------------------------------------------------------------

INTERNAL_FRAME = re.compile(r'File "[^"]*gradcli[/\\]|File "[^"<]*\.py", line \d+, in (?!<module>|<lambda>)\w')
DOTTED_EXCEPTION = re.compile(r"^[A-Za-z_][\w]*(\.[\w]+)+: ", re.MULTILINE)


class Watchdog:
    """Interrupts the run after `seconds`, as Ctrl-C does (a SIGINT to this process); `fired` tells."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.fired = False

    def __enter__(self):
        def interrupt(signum, frame):
            self.fired = True
            os.kill(os.getpid(), signal.SIGINT)
        self.previous = signal.signal(signal.SIGALRM, interrupt)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc_info):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)


def script_problems(source, seconds=5.0):
    """Run `source` as a script; a list of what went wrong (empty when gradcli answered cleanly), with the
    exit code and the run time."""
    from gradcli.runtime.session import run_source

    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    problems = []
    with Watchdog(seconds) as watchdog:
        try:
            code = run_source(source, "<fuzz>", out, err)
        except KeyboardInterrupt:
            code = None
            problems.append("interrupted outside the script thread")
        except BaseException as error:  # noqa: BLE001 - what escaped run_source is the finding
            code = None
            problems.append(f"escaped run_source: {type(error).__name__}: {error}")
    elapsed = time.monotonic() - start
    text = err.getvalue()
    if watchdog.fired:
        problems.append(f"hang: over {seconds} s")
    if code is not None and code not in (0, 1, 2):
        problems.append(f"exit code {code}")
    if INTERNAL_FRAME.search(text):
        problems.append("internal traceback frame: " + INTERNAL_FRAME.search(text).group(0))
    if DOTTED_EXCEPTION.search(text):
        problems.append("internal exception class: " + DOTTED_EXCEPTION.search(text).group(0))
    if code == 2 and not text.startswith('  File "<fuzz>", line '):
        problems.append("a syntax error without its position")
    if code == 1 and not text.strip():
        problems.append("exit 1 without a message")
    return problems, code, elapsed


def calculator_problems(expr, seconds=5.0, command="grad"):
    from typer.testing import CliRunner

    from gradcli.cli.app import app

    start = time.monotonic()
    problems = []
    with Watchdog(seconds) as watchdog:
        try:
            result = CliRunner().invoke(app, [command, expr, "--at", "x=0.5"])
        except KeyboardInterrupt:
            result = None
    elapsed = time.monotonic() - start
    if watchdog.fired or result is None:
        return [f"hang: over {seconds} s"], None, elapsed
    text = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        problems.append(f"escaped the command: {type(result.exception).__name__}: {result.exception}")
    if result.exit_code not in (0, 1, 2):
        problems.append(f"exit code {result.exit_code}")
    if "internal error" in text or "Traceback" in text or re.search(r"gradcli[/\\]\w", text):
        problems.append("internal error: " + text.strip().splitlines()[0][:200])
    if result.exit_code != 0 and not text.strip():
        problems.append(f"exit {result.exit_code} without a message")
    return problems, result.exit_code, elapsed
