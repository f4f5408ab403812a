"""The calculator's plain-formula parser (gradcli.calc.plain) gives exactly the script parser's tree, spans
included, whenever it accepts a source, and leaves everything else to the script parser."""

import ast
import random
import re
import tomllib
from pathlib import Path

import pytest

from gradcli.calc import plain
from gradcli.lang import ScriptSyntaxError, parse
from gradcli.lang import nodes

REPO = Path(__file__).resolve().parents[2]


def spanned(value):
    """The tree with every node's span: Node.__eq__ compares spans, but a failure should show them."""
    if isinstance(value, list):
        return [spanned(item) for item in value]
    if isinstance(value, nodes.Node):
        return (type(value).__name__, tuple(value.span), {name: spanned(field) for name, field in value.fields().items()})
    return value


def assert_same_tree(source):
    fast = plain.parsed(source)
    if fast is None:
        return False
    try:
        full = parse(source)
    except ScriptSyntaxError as error:
        pytest.fail(f"plain.parsed accepted {source!r}, which the script parser refuses: {error}")
    assert spanned(fast) == spanned(full), source
    assert fast == full
    return True


def repository_strings():
    """The f and answer strings of every TOML problem file, and every string literal of the calculator's and
    check's tests (the formulas among them, and much else that must be left to the script parser)."""
    found = set()
    for path in [*REPO.glob("examples/**/*.toml"), *REPO.glob("tests/**/*.toml")]:
        try:
            data = tomllib.loads(path.read_text())
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        stack = [data]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.values())
            elif isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, str):
                found.add(value)
    for path in [*REPO.glob("tests/cli/test_calc_*.py"), *REPO.glob("tests/check/*.py"), REPO / "bench/bench_check.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return sorted(found)


def test_every_formula_of_the_repository():
    accepted = sum(assert_same_tree(source) for source in repository_strings())
    assert accepted > 300  # most answers and EXPRs are plain formulas


@pytest.mark.parametrize("source", [
    "x", "x  ", "(x+1)", "-(x)**2", "-x**2", "2**-x", "2**3**2", "x**-y**2", "sin((x))*2", "((x)) + (y)",
    "a - b + c*d/e//f%g", "+-+x", "f(x, y)", "f()", "f(g(x), (y))", "1.5e-3*x + .5 + 2. + 3E+2 + 0 + 0.0",
    "x\t*\ty", "sum(w**2) * 7", "2*x*sin(3*x) + 3*x**2*cos(3*x)", "-2*x/4 * exp(-x**2 / 4)",
])
def test_formulas_give_the_script_parsers_tree(source):
    assert assert_same_tree(source)


@pytest.mark.parametrize("source", [
    "", " x", "x\n", "x\ny", "x # note", "x ^ 2", "2(x + 1)", "(f)(x)", "f(x)(y)", "f(x,)", "f(x=1)", "f(*x)",
    "x.y", "x[0]", "x if y else z", "lambda: x", "x < y", "not x", "~x", "x @ y", "01", "00", "0x1f", "1_000",
    "1j", "2x", "x y", "1.5.5", "None", "True", "await", "'s'", "(x, y)", "()", "é", "x" + "+x" * 1500,
    "(" * 150 + "x" + ")" * 150, "x;", "x\\\n+1", "x\f", "x $ y", "x\fy", "x \f",
])
def test_other_sources_are_left_to_the_script_parser(source):
    assert plain.parsed(source) is None


OPERATORS = ["+", "-", "*", "/", "//", "%", "**"]
NUMBERS = ["0", "7", "12", "1.5", ".5", "2.", "1e3", "1E-3", "2.5e+2", "0.0", "3.e2"]
NAMES = ["x", "y", "w", "sin", "exp", "x_1", "_t", "pi", "e"]


def formula(rng, depth=0):
    """A random formula of the plain grammar, with random spaces."""
    space = lambda: rng.choice(["", "", " ", "  ", "\t"])  # noqa: E731
    roll = rng.random()
    if depth > 4 or roll < 0.3:
        return rng.choice(NUMBERS + NAMES)
    if roll < 0.55:
        return formula(rng, depth + 1) + space() + rng.choice(OPERATORS) + space() + formula(rng, depth + 1)
    if roll < 0.7:
        return rng.choice("+-") + space() + formula(rng, depth + 1)
    if roll < 0.85:
        return "(" + space() + formula(rng, depth + 1) + space() + ")"
    args = [formula(rng, depth + 1) for _ in range(rng.randrange(4))]
    return rng.choice(NAMES) + "(" + ("," + space()).join(args) + ")"


def test_random_formulas():
    rng = random.Random(17)
    sources = [formula(rng) for _ in range(3000)]
    assert sum(assert_same_tree(source) for source in sources) == len(sources)


def test_random_text_is_parsed_alike_or_left_alone():
    """Strings of formula characters, most of them not formulas: whatever plain accepts, the script parser
    reads to the same tree."""
    rng = random.Random(3)
    alphabet = ["x", "y", "1", "0", ".", "e", "E", "+", "-", "*", "/", "%", "(", ")", ",", " ", "\t", "_", "s(", "**",
                "$", "\f", "é"]
    for _ in range(20000):
        assert_same_tree("".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 12))))


def test_reserved_words_cover_the_grammars_keywords():
    """A keyword of the grammar read as a name would make another tree: plain leaves every one of them alone."""
    grammar = (REPO / "grammar" / "gradcli.lark").read_text()
    words = set(re.findall(r'"([A-Za-z_]\w+)"', grammar))  # "if", "lambda", ... (not the letters of numbers)
    assert words and words <= plain.RESERVED
