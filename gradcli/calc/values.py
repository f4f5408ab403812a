"""VALUE literals of --at, --tangent and --vjp: numbers and nested lists of them, never expressions."""

import keyword

from gradcli.calc.errors import CalcError

VALUE_HELP = "a number (3, -0.5, nan, inf) or a nested list ([1,2], [[1,2],[3,4]])"


def checked_choice(option, value, choices):
    """The choice `value` names: as typed on the command line (a string) or a default (a choice or an enum
    member)."""
    value = getattr(value, "value", value)
    for choice in choices:
        if str(value) == str(choice):
            return choice
    named = ", ".join(map(str, choices))
    raise CalcError(f"{option} must be one of {named}, not {value}")


def parse_bindings(options, option):
    """NAME=VALUE options -> {name: (float64 array, VALUE as written)}, refusing duplicates and bad names."""
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
        bindings[name] = (parse_value(value, f"{option} {name}"), value.strip())
    return bindings


MAX_VALUE_DIMS = 64


def value_tokens(text):
    """'[1, -2.5]' -> ['[', '1', ',', '-2.5', ']']: each bracket and comma, and each run of other non-space
    characters (a number, or what stands where one should)."""
    for delimiter in "[],":
        text = text.replace(delimiter, f" {delimiter} ")
    return text.split()


def parse_value(text, where):
    """A VALUE literal -> a float64 array: a number (3, -0.5, 1e-3, nan, inf, -inf) or nested lists of
    them. Never an expression: `2*pi` or `[1, x]` are refused."""
    import numpy as np

    tokens = [*value_tokens(text), None]
    at = 0

    def bad(reason):
        return CalcError(f"{where}: malformed VALUE {text.strip()!r}: {reason}\n  a VALUE is {VALUE_HELP}")

    depth = 0

    def value():
        nonlocal at, depth
        token = tokens[at]
        at += 1
        if token == "[":
            depth += 1
            if depth > MAX_VALUE_DIMS:  # NumPy's own limit; it also keeps this reader's recursion shallow
                raise bad(f"more than {MAX_VALUE_DIMS} nested lists (a tensor has at most {MAX_VALUE_DIMS} dimensions)")
            items = []
            while True:
                if tokens[at] is None:
                    raise bad("'[' is never closed")
                if tokens[at] == "]":
                    at += 1
                    depth -= 1
                    return items
                items.append(value())
                if tokens[at] == ",":
                    at += 1
                elif tokens[at] not in ("]", None):
                    raise bad(f"expected ',' or ']' before {tokens[at]!r}")
        if token is None:
            raise bad("expected a number or '['")
        if token in ",]":
            raise bad(f"unexpected '{token}'")
        try:
            return float(token)
        except ValueError:
            raise bad(f"{token!r} is not a number") from None

    parsed = value()
    if tokens[at] is not None:
        raise bad(f"unexpected {tokens[at]!r} after the value")
    try:
        return np.array(parsed, dtype=np.float64)
    except ValueError:
        raise bad("nested lists of different lengths (a tensor is rectangular)") from None
