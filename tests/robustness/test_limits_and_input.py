"""Resource limits and malformed input (issue 7): each gets a clear message, the documented exit code
(0 ok, 1 the computation failed, 2 bad usage or input), no internal traceback, and no hang. Every run is
a real process with a timeout (robust_helpers.gradcli)."""

import re
import resource
import subprocess
import sys

import pytest

from robust_helpers import REPO, assert_clean, gradcli, gradcli_many

QUICK = 10  # seconds for a run that must answer "immediately" (a process start is about one second)
LIMIT_MESSAGE = r"^MemoryError: a {what} of [\d,]+ elements is over gradcli's limit of [\d,]+ \(the --max-elements"


# --- integer powers -----------------------------------------------------------------------------------

POWERS = ["10**10**10", "2**(2**40)", "pow(2, 2**40)", "x = 2\nx **= 2**40", "9**9**9**9", "(-2)**(2**40)",
          "(10**100000)**100", "10**10**10 % 7"]


@pytest.fixture(scope="module")
def power_outcomes():
    return dict(zip(POWERS, gradcli_many([("eval", script) for script in POWERS])))


@pytest.mark.parametrize("script", POWERS)
def test_huge_integer_power_answers_immediately(power_outcomes, script):
    outcome = power_outcomes[script]
    assert_clean(outcome, (1,))
    assert outcome.seconds < QUICK
    assert re.match(r"^OverflowError: integer result of \*\* too large: about [\d,]+ bits, over gradcli's limit",
                    outcome.last_line), outcome.stderr


def test_allowed_powers_still_compute():
    outcome = gradcli("eval", "print(2**100, pow(10, 10**10, 7), 2**-(2**40), len(str(7**5000)))")
    assert_clean(outcome, (0,))
    assert outcome.stdout == f"{2**100} 4 0.0 {len(str(7**5000))}\n"


# --- the element cap ----------------------------------------------------------------------------------

CAPPED = {
    "torch.zeros(10**9)": "tensor",
    "torch.zeros(10**5, 10**5)": "tensor",
    "torch.arange(10**9)": "tensor",
    "torch.arange(torch.tensor(10**10))": "tensor",
    "torch.ones(5000, 5000) @ torch.ones(5000, 5000)": "tensor",
    "torch.zeros(3000, 3000).unsqueeze(0).expand(3000, 3000, 3000).sum()": "tensor",
    "torch.rand(10**4).outer(torch.rand(10**4))": "tensor",
    "x = torch.ones(10**7); torch.cat([x, x, x])": "tensor",
    "torch.zeros(1, 3000) + torch.zeros(3000, 1) + torch.zeros(3000, 1, 1)": "tensor",
    "small = torch.ones(1000)\nsmall[:, None] * torch.ones(1, 1100000)": "tensor",
    "import numpy as np; np.zeros((10**5, 10**5))": "tensor",
    "torch.randint(3, (10**5, 10**5))": "tensor",
    "torch.randint(0, 3, size=(10**5, 10**5))": "tensor",
    "torch.zeros(2).resize_(10**5, 10**5)": "tensor",
    '"a" * 10**10': "str",
    'x = "ab" * 5000000\ny = x + x + x': "str",
    "list(range(5 * 10**7))": "list",
    "[0] * 10**10": "list",
    "(0,) * 10**10": "tuple",
}


@pytest.fixture(scope="module")
def capped_outcomes():
    return dict(zip(CAPPED, gradcli_many([("eval", script) for script in CAPPED])))


@pytest.mark.parametrize("script", CAPPED)
def test_over_the_element_cap(capped_outcomes, script):
    outcome = capped_outcomes[script]
    assert_clean(outcome, (1,))
    assert outcome.seconds < QUICK
    assert re.match(LIMIT_MESSAGE.format(what=CAPPED[script]), outcome.last_line), outcome.stderr


def test_max_elements_option_moves_the_cap():
    at_cap = gradcli("eval", "--max-elements", "100", "torch.zeros(100).shape")
    assert_clean(at_cap, (0,))
    assert at_cap.stdout == "torch.Size([100])\n"
    over = gradcli("eval", "--max-elements", "100", "torch.zeros(101)")
    assert_clean(over, (1,))
    assert "101 elements is over gradcli's limit of 100" in over.last_line


@pytest.mark.parametrize("value", ["0", "-5", "ten", "1e3"])
def test_bad_max_elements_is_a_usage_error(value):
    outcome = gradcli("eval", "--max-elements", value, "1")
    assert_clean(outcome, (2,))
    assert "--max-elements" in outcome.stderr


def _address_space_limit():
    """At most 4 GiB of address space: a multi-terabyte request must fail to allocate, whatever the
    machine's overcommit policy, instead of being touched page by page."""
    limit = 4 * 1024 ** 3
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def test_broadcast_over_the_cap_is_refused_before_allocating():
    """Under a 4 GiB address-space limit: the 4 TB result must be refused from its shape, before NumPy
    tries (before commit 2715198 this ended in numpy._core._exceptions._ArrayMemoryError)."""
    done = subprocess.run([sys.executable, "-m", "gradcli", "eval", "torch.ones(1, 10**6) * torch.ones(10**6, 1)"],
                          capture_output=True, text=True, timeout=60, cwd=REPO, preexec_fn=_address_space_limit,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 1, done.stderr
    assert re.search(LIMIT_MESSAGE.format(what="tensor"), done.stderr.splitlines()[-1], re.MULTILINE), done.stderr


def test_list_from_range_over_the_cap():
    outcome = gradcli("eval", "--max-elements", "1000", "x = list(range(10**6)); len(x)")
    assert_clean(outcome, (1,))
    assert re.match(LIMIT_MESSAGE.format(what="list"), outcome.last_line), outcome.stderr


# --- recursion and nesting ----------------------------------------------------------------------------

def test_deep_recursion_in_a_user_function():
    outcome = gradcli("eval", "def f(n):\n    return f(n + 1) + 1\nf(0)")
    assert_clean(outcome, (1,))
    assert outcome.last_line.startswith("RecursionError: maximum recursion depth exceeded")
    assert "Previous line repeated" in outcome.stderr
    assert len(outcome.stderr.splitlines()) < 40  # the repeated frames are folded, as Python does


def test_mutual_recursion_through_a_lambda():
    outcome = gradcli("eval", "g = lambda n: f(n)\ndef f(n):\n    return g(n + 1)\nf(0)")
    assert_clean(outcome, (1,))
    assert outcome.last_line.startswith("RecursionError: maximum recursion depth exceeded")


def test_recursion_below_the_limit_works():
    outcome = gradcli("eval", "def f(n):\n    return 0 if n == 0 else f(n - 1) + 1\nprint(f(900))")
    assert_clean(outcome, (0,))
    assert outcome.stdout == "900\n"


NESTED = {
    "parentheses": "(" * 10_000 + "1" + ")" * 10_000,
    "list brackets": "x = " + "[" * 10_000 + "1" + "]" * 10_000,
    "calls": "x = " + "f(" * 10_000 + ")" * 10_000,
    "unclosed": "(" * 10_000,
    "unary minus": "x = " + "-" * 100_000 + "1",
    "indentation": "".join(" " * depth + "if True:\n" for depth in range(200)) + " " * 200 + "pass\n",
}


@pytest.mark.parametrize("name", NESTED)
def test_deep_nesting_is_a_syntax_error_not_a_crash(tmp_path, name):
    path = tmp_path / "nested.py"
    path.write_text(NESTED[name] + "\n")
    outcome = gradcli("run", path)
    assert_clean(outcome, (0, 2), script_names=(str(path),))
    if outcome.exit_code == 2:
        assert outcome.last_line.startswith("SyntaxError: "), outcome.stderr
        assert outcome.stderr.startswith(f'  File "{path}", line ')


def test_deep_nesting_in_a_calculator_expression():
    outcome = gradcli("grad", "(" * 10_000 + "x" + ")" * 10_000, "--at", "x=1")
    assert_clean(outcome, (2,))
    assert "too many nested" in outcome.stderr


def test_very_long_flat_expression(tmp_path):
    """50,000 terms of `1+1+...`: an answer within the timeout (CPython itself gives up on this one)."""
    path = tmp_path / "long.py"
    path.write_text("x = 1" + "+1" * 50_000 + "\n")
    outcome = gradcli("run", path)
    assert_clean(outcome, (0, 1, 2), script_names=(str(path),))


# --- time -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("script", ["import itertools\nlist(itertools.count())", "sum(iter(int, 1))",
                                    "import itertools\nmax(itertools.repeat(1))"])
def test_timeout_option_stops_an_endless_iterator(script):
    """Iterators a script reaches loop in Python, not in C, where --timeout could not interrupt them."""
    outcome = gradcli("eval", "--timeout", "1", script, timeout=20)
    assert_clean(outcome, (1,))
    assert outcome.seconds < 10
    assert re.search(r"^TimeoutError", outcome.last_line), outcome.stderr


def test_timeout_option_stops_an_infinite_loop():
    """(No --timeout existed when this test was written; added in 369c392.)"""
    outcome = gradcli("eval", "--timeout", "1", "while True:\n    pass", timeout=20)
    assert_clean(outcome, (1,))
    assert outcome.seconds < 10
    assert re.search(r"time|Timeout", outcome.last_line), outcome.stderr


def test_comprehension_over_the_cap():
    """Comprehensions are capped as they grow (under the default cap, [i for i in range(5*10**7)] takes
    about 10 s to reach it: ten million interpreted iterations)."""
    outcome = gradcli("eval", "--max-elements", "1000", "[i for i in range(10**6)]")
    assert_clean(outcome, (1,))
    assert re.match(LIMIT_MESSAGE.format(what="list"), outcome.last_line), outcome.stderr


def test_timeout_cannot_be_caught_forever():
    """A script that catches the TimeoutError and loops again is still stopped."""
    script = "try:\n    while True:\n        pass\nexcept Exception:\n    while True:\n        pass"
    outcome = gradcli("eval", "--timeout", "1", script, timeout=20)
    assert_clean(outcome, (1,))
    assert outcome.seconds < 10
    assert outcome.last_line.startswith("TimeoutError: ")


def test_timeout_error_can_be_named():
    script = "try:\n    while True:\n        pass\nexcept TimeoutError:\n    print('stopped')"
    outcome = gradcli("eval", "--timeout", "1", script, timeout=20)
    assert "NameError" not in outcome.stderr, outcome.stderr


def test_timeout_does_not_touch_a_quick_script():
    outcome = gradcli("eval", "--timeout", "5", "print(1 + 1)")
    assert (outcome.exit_code, outcome.stdout, outcome.stderr) == (0, "2\n", "")


@pytest.mark.parametrize("value", ["0", "-1", "soon"])
def test_bad_timeout_is_a_usage_error(value):
    outcome = gradcli("eval", "--timeout", value, "1")
    assert_clean(outcome, (2,))
    assert "--timeout" in outcome.stderr


# --- malformed scripts ----------------------------------------------------------------------------------

def test_ragged_tensor_literal():
    """A runtime error, as in torch (ValueError, exit 1), pointing at the call."""
    outcome = gradcli("eval", "torch.tensor([[1, 2], [3]])")
    assert_clean(outcome, (1,))
    assert outcome.last_line == "ValueError: expected sequence of length 2 at dim 1 (got 1)"


@pytest.mark.parametrize("script, message", [
    ("x = (1, 2", "SyntaxError: '(' was never closed"),
    ("x = [1, 2)]", "SyntaxError: closing parenthesis ')' does not match opening parenthesis '['"),
    ("x = 1)", "SyntaxError: unmatched ')'"),
    ("x = {", "SyntaxError: "),
    ("print('abc", "SyntaxError: "),
    ("def f(:\n    pass", "SyntaxError: "),
])
def test_unbalanced_brackets(script, message):
    outcome = gradcli("eval", script)
    assert_clean(outcome, (2,))
    assert outcome.stderr.startswith('  File "<eval>", line ')
    assert outcome.last_line.startswith(message), outcome.stderr


def test_invalid_utf8_file(tmp_path):
    path = tmp_path / "bad.py"
    path.write_bytes(b"x = 1\n\xff\xfe y = 2\n")
    outcome = gradcli("run", path)
    assert_clean(outcome, (2,))
    assert outcome.stderr.count("\n") == 1
    assert outcome.stderr.startswith(f"gradcli: cannot read {path}: 'utf-8' codec can't decode byte 0xff")


def test_invalid_utf8_on_stdin():
    outcome = gradcli("run", "-", stdin=b"x = 1\n\xff\n")
    assert_clean(outcome, (2,))
    assert "0xff" in outcome.stderr or "UTF-8" in outcome.stderr.upper().replace("UTF8", "UTF-8")
    assert "udcff" not in outcome.stderr


def test_nul_byte_in_a_script_file(tmp_path):
    path = tmp_path / "nul.py"
    path.write_bytes(b"x = 1\n\x00y = 2\n")
    outcome = gradcli("run", path)
    assert_clean(outcome, (2,), script_names=(str(path),))
    assert outcome.stderr.startswith(f'  File "{path}", line 2\n')
    assert outcome.last_line == "SyntaxError: invalid character '\\x00'"


@pytest.mark.parametrize("args, stdin", [
    (("eval", ""), None),
    (("eval", "   \n\n  "), None),
    (("eval", "# only a comment"), None),
    (("run", "-"), b""),
    (("run", "-"), b"\n\n"),
])
def test_empty_input_is_an_empty_script(args, stdin):
    outcome = gradcli(*args, stdin=stdin)
    assert_clean(outcome, (0,))
    assert outcome.stdout == "" and outcome.stderr == ""


def test_empty_file(tmp_path):
    path = tmp_path / "empty.py"
    path.write_bytes(b"")
    outcome = gradcli("run", path)
    assert (outcome.exit_code, outcome.stdout, outcome.stderr) == (0, "", "")


def test_missing_file(tmp_path):
    outcome = gradcli("run", tmp_path / "nope.py")
    assert_clean(outcome, (2,))
    assert outcome.stderr == f"gradcli: cannot read {tmp_path / 'nope.py'}: No such file or directory\n"


def test_directory(tmp_path):
    outcome = gradcli("run", tmp_path)
    assert_clean(outcome, (2,))
    assert outcome.stderr == f"gradcli: cannot read {tmp_path}: Is a directory\n"


def test_no_file_argument():
    outcome = gradcli("run")
    assert_clean(outcome, (2,))


# --- check: TOML problem sets ---------------------------------------------------------------------------

@pytest.mark.parametrize("content, message", [
    (b"this is [not toml\n", r"not valid TOML: .*\(at line 1, column \d+\)"),
    (b"[[problem]\nname = 1\n", r"not valid TOML: .*\(at line 1, column \d+\)"),
    (b'[[problem]]\nname = "a"\nf = "x**2"\nanswer = """\n', r"not valid TOML"),
    (b"problems = 3\n", r"unknown top-level key 'problems'"),
    (b"", r"no problems"),
])
def test_malformed_toml(tmp_path, content, message):
    path = tmp_path / "set.toml"
    path.write_bytes(content)
    outcome = gradcli("check", path)
    assert_clean(outcome, (2,))
    assert outcome.stderr.count("\n") == 1, outcome.stderr
    assert re.search(f"^gradcli: error: {re.escape(str(path))}: {message}", outcome.stderr), outcome.stderr


def test_toml_with_invalid_utf8(tmp_path):
    path = tmp_path / "set.toml"
    path.write_bytes(b'[[problem]]\nname = "\xff\xfe"\n')
    outcome = gradcli("check", path)
    assert_clean(outcome, (2,))
    assert "internal error" not in outcome.stderr
    assert outcome.stderr.startswith(f"gradcli: error: {path}: ")


@pytest.mark.parametrize("make", ["missing", "directory"])
def test_check_unreadable_file(tmp_path, make):
    path = tmp_path / "set.toml"
    if make == "directory":
        path.mkdir()
    outcome = gradcli("check", path)
    assert_clean(outcome, (2,))
    reason = "No such file or directory" if make == "missing" else "Is a directory"
    assert outcome.stderr == f"gradcli: error: {path}: cannot read the file: {reason}\n"


def test_check_grades_the_other_problems(tmp_path):
    """One problem that does not parse, one over the power limit: the others are still graded."""
    path = tmp_path / "set.toml"
    path.write_text('[[problem]]\nname = "good"\nf = "x**2"\nanswer = "2*x"\n\n'
                    '[[problem]]\nname = "bad parse"\nf = "x**"\nanswer = "2*x"\n\n'
                    '[[problem]]\nname = "huge power"\nf = "x**2 + 10**10**10"\nanswer = "2*x"\n\n'
                    '[[problem]]\nname = "deep"\nf = "' + "(" * 40 + "x" + ")" * 40 + '"\nanswer = "1"\n\n'
                    '[[problem]]\nname = "good2"\nf = "x**3"\nanswer = "3*x**2"\n')
    outcome = gradcli("check", path)
    assert_clean(outcome, (1,))
    assert outcome.seconds < QUICK
    assert "3 passed, 0 failed, 2 errors (5 problems in 1 file)" in outcome.stdout.replace("\n", " ") + outcome.stderr


# --- calculator: --at values ------------------------------------------------------------------------------

BAD_AT = {
    "x=abc": "--at x: malformed VALUE 'abc'",
    "x=": "--at x: malformed VALUE ''",
    "=3": "--at =3: '' is not a name",
    "x": "--at x: expected NAME=VALUE",
    "x=[1,2": "--at x: malformed VALUE '[1,2': '[' is never closed",
    "x=[[1,2],[3]]": "nested lists of different lengths",
    "x=[1,,2]": "--at x: malformed VALUE",
    "x=1 2": "--at x: malformed VALUE",
    "1x=2": "is not a name",
    "x=[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]": "--at x: malformed VALUE",
    "x=\x01": "--at x: malformed VALUE",
}


@pytest.fixture(scope="module")
def bad_at_outcomes():
    return dict(zip(BAD_AT, gradcli_many([("grad", "x**2", "--at", value) for value in BAD_AT])))


@pytest.mark.parametrize("value", BAD_AT, ids=[value[:30] for value in BAD_AT])
def test_bad_at_value(bad_at_outcomes, value):
    outcome = bad_at_outcomes[value]
    assert_clean(outcome, (2,))
    assert outcome.stderr.startswith("gradcli: error: --at"), outcome.stderr[:300]
    assert BAD_AT[value] in outcome.stderr.splitlines()[0], outcome.stderr[:300]
    assert len(outcome.stderr.splitlines()) <= 2


def test_deeply_nested_at_value():
    outcome = gradcli("grad", "x", "--at", "x=" + "[" * 5000 + "1" + "]" * 5000)
    assert_clean(outcome, (2,))
    assert outcome.stderr.startswith("gradcli: error: --at x: malformed VALUE")


def test_at_value_over_numpy_dimensions():
    outcome = gradcli("grad", "x", "--at", "x=" + "[" * 70 + "1" + "]" * 70)
    assert_clean(outcome, (2,))
    assert "different lengths" not in outcome.stderr


@pytest.mark.parametrize("command", [["grad", "x**2"], ["jacobian", "x*2"], ["hessian", "x**2"],
                                     ["check", "--gradcheck", "x**2"]])
def test_duplicate_at_names(command):
    outcome = gradcli(*command, "--at", "x=1", "--at", "x=2")
    assert_clean(outcome, (2,))
    assert outcome.stderr == "gradcli: error: --at x is given twice (x=1 and x=2)\n"


@pytest.mark.parametrize("expr, message", [
    ("", "gradcli: error: EXPR is empty"),
    ("x**2 +", "gradcli: error: EXPR does not parse: unexpected end of line"),
    ("x**2", None),
])
def test_calculator_expression_errors(expr, message):
    outcome = gradcli("grad", expr, "--at", "x=0.5")
    if message is None:
        assert_clean(outcome, (0,))
    else:
        assert_clean(outcome, (2,))
        assert outcome.stderr.startswith(message)


def test_unbound_name_in_calculator():
    outcome = gradcli("grad", "x**2 * y", "--at", "x=1")
    assert_clean(outcome, (2,))
    assert outcome.stderr.startswith("gradcli: error: name 'y' is not bound: add --at y=VALUE")


def test_calculator_huge_power_answers_immediately():
    outcome = gradcli("grad", "x + 10**10**10", "--at", "x=1")
    assert_clean(outcome, (1, 2))
    assert outcome.seconds < QUICK
    assert "too large" in outcome.stderr


def test_allocation_failure_above_a_raised_cap():
    done = subprocess.run([sys.executable, "-m", "gradcli", "eval", "--max-elements", "99999999999999999999",
                           "torch.zeros(10**12)"], capture_output=True, text=True, timeout=60, cwd=REPO,
                          preexec_fn=_address_space_limit, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[-1].startswith("MemoryError: "), done.stderr
