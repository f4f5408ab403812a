"""VALUE literals of --at, --tangent and --vjp: numbers and nested lists of them, never expressions."""

import ast
import keyword
import math
import operator
import re
import warnings

from gradcli.calc.errors import CalcError

VALUE_HELP = ("a number (3, -0.5, nan, inf), a constant expression (pi/2, sqrt(2)) or a nested list of them "
              "([1,2], [[1,2],[3,4]])")


def checked_choice(option, value, choices):
    """The choice `value` names: as typed on the command line (a string) or a default (a choice or an enum
    member)."""
    value = getattr(value, "value", value)
    for choice in choices:
        if str(value) == str(choice):
            return choice
    named = ", ".join(map(str, choices))
    raise CalcError(f"{option} must be one of {named}, not {value}")


def parse_bindings(options, option, degrees=False):
    """NAME=VALUE options -> {name: (float64 array, VALUE as written)}, refusing duplicates and bad names.
    A VALUE START:STOP:STEP gives the points as a vector (is_points tells such a VALUE)."""
    bindings = {}
    for text in options or ():
        name, equals, value = text.partition("=")
        name = name.strip()
        if not equals:
            raise CalcError(f"{option} {text}: expected NAME=VALUE, e.g. {option} x=0.5")
        if not name.isidentifier() or keyword.iskeyword(name):
            raise CalcError(f"{option} {text}: '{name}' is not a name")
        if name in bindings:
            raise CalcError(f"{option} {name} is given twice ({name}={bindings[name][1]} and {text.strip()})")
        read = parse_points if is_points(value) else parse_value
        bindings[name] = (read(value, f"{option} {name}", degrees), value.strip())
    return bindings


def is_points(value):
    """Whether a VALUE is START:STOP:STEP (a ':' outside brackets)."""
    return ":" in value and "[" not in value


MAX_VALUE_DIMS = 64
MAX_CONSTANT_CHARS = 200   # pi/2, 2*pi/3, sqrt(2): constant expressions are short; this keeps reading them flat
MAX_POINTS = 10_000
CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau, "inf": math.inf, "nan": math.nan}
FUNCTIONS = {name: getattr(math, name) for name in (
    "sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "hypot", "degrees", "radians", "fabs", "floor", "ceil")}
FUNCTIONS["ln"] = math.log
DEGREE_ARGUMENTS = ("sin", "cos", "tan")       # with --deg, their argument is in degrees
DEGREE_RESULTS = ("asin", "acos", "atan", "atan2")  # with --deg, they give degrees
OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
             ast.Pow: operator.pow, ast.Mod: operator.mod, ast.USub: operator.neg, ast.UAdd: operator.pos}


def parse_value(text, where, degrees=False):
    """A VALUE -> a float64 array: a number (3, -0.5, 1e-3, nan, inf), a constant expression (pi/2,
    2*pi/3, sqrt(2): numbers, pi, e, tau, inf, nan, + - * / ** %, parentheses and math's functions; no
    names), or nested lists of them. With `degrees`, sin/cos/tan take degrees and their inverses give them."""
    import numpy as np

    at = 0
    depth = 0

    def bad(reason):
        return CalcError(f"{where}: malformed VALUE {text.strip()!r}: {reason}\n  a VALUE is {VALUE_HELP}")

    def skip_spaces():
        nonlocal at
        while at < len(text) and text[at].isspace():
            at += 1

    def item():
        """The text up to the next ',' or ']' outside parentheses: one number or constant expression."""
        nonlocal at
        start, parentheses = at, 0
        while at < len(text) and (parentheses or text[at] not in ",]"):
            parentheses += (text[at] == "(") - (text[at] == ")")
            at += 1
        return text[start:at].strip()

    def value():
        nonlocal at, depth
        skip_spaces()
        if at < len(text) and text[at] == "[":
            at += 1
            depth += 1
            if depth > MAX_VALUE_DIMS:  # NumPy's own limit; it also keeps this reader's recursion shallow
                raise bad(f"more than {MAX_VALUE_DIMS} nested lists (a tensor has at most {MAX_VALUE_DIMS} dimensions)")
            items = []
            while True:
                skip_spaces()
                if at == len(text):
                    raise bad("'[' is never closed")
                if text[at] == "]":
                    at += 1
                    depth -= 1
                    return items
                items.append(value())
                skip_spaces()
                if at < len(text) and text[at] == ",":
                    at += 1
        if at < len(text) and text[at] in ",]":
            raise bad(f"unexpected '{text[at]}'")
        number = item()
        if not number:
            raise bad("expected a number or '['")
        try:
            return float(number)
        except ValueError:
            return constant(number, bad, degrees)

    parsed = value()
    skip_spaces()
    if at < len(text):
        if text[at] == "," and depth == 0:
            raise CalcError(top_level_comma(text.strip(), where))
        raise bad(f"unexpected {text[at:]!r} after the value")
    try:
        return np.array(parsed, dtype=np.float64)
    except ValueError:
        raise bad("nested lists of different lengths (a tensor is rectangular)") from None


def top_level_comma(text, where):
    """`--at x=1,2`: a list without its brackets, or a decimal comma (0,5)."""
    name = where.split()[-1]
    option = where.split()[0]
    decimal = f", or {text.replace(',', '.')} if that is one number" if re.fullmatch(r"-?\d+,\d+", text) else ""
    return (f"{where}: {text!r} has a comma outside brackets: write {option} {name}=[{text}] for a list, or "
            f"one {option} per value{decimal}")


def constant(text, bad, degrees):
    """A constant expression's value, read off Python's syntax tree (never evaluated as code)."""
    if len(text) > MAX_CONSTANT_CHARS:
        raise bad(f"a constant expression of more than {MAX_CONSTANT_CHARS} characters")
    try:
        with warnings.catch_warnings():  # Python's SyntaxWarnings ("invalid decimal literal" for 0if)
            warnings.simplefilter("ignore")
            tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        raise bad(f"{text!r} is not a number or a constant expression such as pi/2 or sqrt(2)") from None

    def evaluate(node):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return float(node.value)
        if isinstance(node, ast.Name):
            if node.id not in CONSTANTS:
                raise bad(f"'{node.id}' is not a constant (a VALUE names no variables: numbers, "
                          f"{', '.join(CONSTANTS)} and math functions)")
            return CONSTANTS[node.id]
        if isinstance(node, ast.UnaryOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](evaluate(node.operand))
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](evaluate(node.left), evaluate(node.right))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS
                and not node.keywords):
            name, arguments = node.func.id, [evaluate(argument) for argument in node.args]
            if degrees and name in DEGREE_ARGUMENTS:
                arguments = [math.radians(argument) for argument in arguments]
            result = FUNCTIONS[name](*arguments)
            return math.degrees(result) if degrees and name in DEGREE_RESULTS else result
        raise bad(f"{ast.unparse(node)!r} is not a number or a constant expression such as pi/2 or sqrt(2)")

    try:
        return evaluate(tree)
    except (ArithmeticError, ValueError, TypeError) as error:  # 1/0, sqrt(-1), sin(1, 2)
        raise bad(f"{text!r}: {error}") from None


def parse_points(text, where, degrees=False):
    """START:STOP:STEP -> the points from START to STOP (included when a whole number of steps away)."""
    import numpy as np

    parts = text.split(":")
    if len(parts) != 3:
        raise CalcError(f"{where}: {text.strip()!r}: points are written START:STOP:STEP, e.g. 0:1:0.25")
    start, stop, step = (float(parse_value(part, where, degrees)) for part in parts)
    if not all(map(math.isfinite, (start, stop, step))) or step == 0 or (stop - start) / step < 0:
        raise CalcError(f"{where}: {text.strip()!r}: STEP must be finite, not 0, and go from START towards STOP")
    count = math.floor((stop - start) / step * (1 + 1e-12) + 1e-9) + 1
    if count > MAX_POINTS:
        raise CalcError(f"{where}: {text.strip()!r} makes {count:,} points; at most {MAX_POINTS:,}")
    return start + step * np.arange(count, dtype=np.float64)
