"""Syntax diagnostics: position, message, the caret layout; check_complete for a REPL; grammar loading."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gradcli.lang import ScriptSyntaxError, check_complete, parse
from gradcli.lang.parser import GRAMMAR_FILE, grammar_path

REPO = Path(__file__).resolve().parents[2]


def diagnose(source):
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(source)
    error = caught.value
    return error.kind, error.message, error.line, error.col


@pytest.mark.parametrize("source, kind, message, line, col", [
    ("for i in x\n    pass\n", "SyntaxError", "unexpected end of line; expected ':'", 1, 10),
    ("x = (1 +\n", "SyntaxError", "'(' was never closed", 1, 4),
    ("x = 1 +\n", "SyntaxError", "unexpected end of line; expected an expression", 1, 7),
    ("x = [1, 2\ny = 3\n", "SyntaxError", "unexpected 'y'; expected ',', ']' or an operator", 2, 0),
    ("x = )\n", "SyntaxError", "unmatched ')'", 1, 4),
    ("x = (]\n", "SyntaxError", "closing parenthesis ']' does not match opening parenthesis '('", 1, 5),
    ("if x:\npass\n", "IndentationError", "expected an indented block", 2, 0),
    ("x = 1\n  y = 2\n", "IndentationError", "unexpected indent", 2, 2),
    ("  x = 1\n", "IndentationError", "unexpected indent", 1, 2),
    ("if a:\n    x = 1\n  y = 2\n", "IndentationError", "unindent does not match any outer indentation level", 3, 2),
    ("try:\n    pass\nx = 1\n", "SyntaxError", "unexpected 'x'; expected 'except' or 'finally'", 3, 0),
    ("x = $\n", "SyntaxError", "invalid character '$'", 1, 4),
    ("f(x for x in y, 1)\n", "SyntaxError", "Generator expression must be parenthesized", 1, 2),
    ("yield 1\n", "SyntaxError", "'yield' outside function", 1, 0),
    ("nonlocal x\n", "SyntaxError", "nonlocal declaration not allowed at module level", 1, 0),
    ("def f(x):\n  global x\n", "SyntaxError", "name 'x' is parameter and global", 2, 2),
    ("def f(*, **k): pass\n", "SyntaxError", "named arguments must follow bare *", 1, 6),
    ("def f(**k, a): pass\n", "SyntaxError", "arguments cannot follow var-keyword argument", 1, 11),
    ("f(**k, *a)\n", "SyntaxError", "iterable argument unpacking follows keyword argument unpacking", 1, 7),
    ("(a, b): int = 1\n", "SyntaxError", "only single target (not tuple) can be annotated", 1, 0),
    ("x = 'abc\n", "SyntaxError", "unterminated string literal", 1, 4),
    ("x = '''abc\n", "SyntaxError", "unterminated triple-quoted string literal", 1, 4),
    ("f(x) = 1\n", "SyntaxError", "cannot assign to function call", 1, 0),
    ("1 = x\n", "SyntaxError", "cannot assign to literal", 1, 0),
    ("a, b += 1\n", "SyntaxError", "'tuple' is an illegal expression for augmented assignment", 1, 0),
    ("del f()\n", "SyntaxError", "cannot delete function call", 1, 4),
    ("a, *b, *c = x\n", "SyntaxError", "multiple starred expressions in assignment", 1, 7),
    ("*a = x\n", "SyntaxError", "starred assignment target must be in a list or tuple", 1, 0),
    ("def f(a=1, b): pass\n", "SyntaxError", "non-default argument follows default argument", 1, 11),
    ("def f(a, a): pass\n", "SyntaxError", "duplicate argument 'a' in function definition", 1, 9),
    ("f(a=1, 2)\n", "SyntaxError", "positional argument follows keyword argument", 1, 7),
    ("f(a=1, a=2)\n", "SyntaxError", "keyword argument repeated: a", 1, 7),
    ("try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass\n", "SyntaxError",
     "default 'except:' must be last", 3, 0),
    ("return 1\n", "SyntaxError", "'return' outside function", 1, 0),
    ("break\n", "SyntaxError", "'break' outside loop", 1, 0),
    ("def f():\n    from torch import *\n", "SyntaxError", "import * only allowed at module level", 2, 4),
    ("async def f():\n    pass\n", "SyntaxError", "'async' is Python, but not part of the gradcli language", 1, 0),
    ("class Net(metaclass=Meta):\n    pass\n", "SyntaxError",
     "class keywords (metaclass=...) are Python, but not part of the gradcli language", 1, 10),
    ("print(f'{x!z}')\n", "SyntaxError", "f-string: invalid conversion character: expected 's', 'r', or 'a'",
     1, 10),
    ("print(f'{}')\n", "SyntaxError", "f-string: empty expression not allowed", 1, 9),
    ("print(f'{x + }')\n", "SyntaxError", "f-string: unexpected end of input; expected an expression", 1, 12),
    ("print(f'{x:.2f')\n", "SyntaxError", "f-string: expecting '}'", 1, 10),
    ("print(f'a}')\n", "SyntaxError", "f-string: single '}' is not allowed", 1, 9),
    ("x = '\\x4'\n", "SyntaxError", "truncated \\x escape in string", 1, 4),
    ("x = " + "(" * 201 + ")" * 201 + "\n", "SyntaxError", "too many nested parentheses", 1, 204),
])
def test_diagnostic(source, kind, message, line, col):
    assert diagnose(source) == (kind, message, line, col)


def test_format_shows_the_line_and_a_caret_like_python():
    source = "x = 1\nif x\n    pass\n"
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(source)
    assert caught.value.format("script.py", source) == (
        '  File "script.py", line 2\n'
        "    if x\n"
        "        ^\n"
        "SyntaxError: unexpected end of line; expected ':'\n")


def test_format_strips_indentation_and_moves_the_caret_with_it():
    source = "def f():\n    return (1 +\n"
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(source)
    assert caught.value.format("<eval>", source).splitlines()[1:3] == ["    return (1 +", "           ^"]


def test_a_long_line_is_shown_as_an_excerpt_around_the_error():
    """A 1 MB line would bury the message: about 100 characters around the column are shown, '...' where
    text was cut, the caret still under the offending character."""
    source = "y = " + "+".join(["x"] * 250_000) + " +* x + " + "+".join(["x"] * 250_000) + "\n"
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(source)
    _, shown, caret, message = caught.value.format("big.py", source).splitlines()
    assert message == "SyntaxError: unexpected '*'; expected an expression"
    assert shown.startswith("    ...x+x") and shown.endswith("+x...") and len(shown) == 4 + 3 + 100 + 3
    assert shown[caret.index("^")] == "*" and caret.strip() == "^"


def test_a_long_line_near_its_start_is_cut_at_its_end_only():
    source = "y = (1 +* " + "+".join(["x"] * 100) + ")\n"
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(source)
    _, shown, caret, _ = caught.value.format("<eval>", source).splitlines()
    assert shown == "    " + source[:100] + "..." and caret == "            ^"


@pytest.mark.parametrize("text, status", [
    ("x = 1", "run"),
    ("", "run"),
    ("x = (1,", "more"),
    ("x = [1,\n     2", "more"),
    ("s = '''open", "more"),
    ("for i in range(3):", "more"),
    ("for i in range(3):\n    print(i)", "more"),
    ("for i in range(3):\n    print(i)\n", "run"),
    ("if x: pass", "more"),
    ("if x: pass\n", "run"),
    ("def f():\n", "error"),
    ("def f():\n    if x:", "more"),  # a block's first line that opens a block of its own
    ("class A:\n    def __init__(self):", "more"),
    ("class A:\n    def __init__(self):\n        self.v = 3\n", "run"),
    ("@torch.no_grad()", "more"),
    ("def f():\n    if x:\n    y = 1", "error"),
    ("x = 1 +", "error"),
    ("x = )", "error"),
    ("print(f'{')", "error"),
])
def test_check_complete(text, status):
    assert check_complete(text) == status


def test_grammar_is_found_in_a_wheel_layout_and_in_a_checkout(tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / "gradcli").mkdir(parents=True)
    (checkout / "grammar").mkdir()
    shutil.copy(grammar_path(), checkout / "grammar" / GRAMMAR_FILE)
    assert grammar_path(checkout / "gradcli") == checkout / "grammar" / GRAMMAR_FILE
    wheel = tmp_path / "site-packages" / "gradcli"
    (wheel / "grammar").mkdir(parents=True)
    shutil.copy(grammar_path(), wheel / "grammar" / GRAMMAR_FILE)
    assert grammar_path(wheel) == wheel / "grammar" / GRAMMAR_FILE
    with pytest.raises(FileNotFoundError):
        grammar_path(tmp_path / "nowhere" / "gradcli")


def test_pyproject_ships_the_grammar_inside_the_package():
    pyproject = (REPO / "pyproject.toml").read_text()
    assert '"grammar" = "gradcli/grammar"' in pyproject


def test_command_line_help_does_not_build_the_parser():
    """`gradcli --help` must stay fast: no lark, no engine."""
    code = ("import sys\nfrom typer.testing import CliRunner\nfrom gradcli.cli.app import app\n"
            "result = CliRunner().invoke(app, ['--help'])\nassert result.exit_code == 0, result.output\n"
            "print(sorted({'lark', 'numpy'} & set(sys.modules)))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
