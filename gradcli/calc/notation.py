"""Mathematical notation that the language writes otherwise (x², 2x, −x, x^2, sin^2(x), |x|): each found is a usage
error that shows what to write instead, rather than the parser's message or, for `^`, a wrong answer
(`^` is Python's and torch's bitwise xor: `x^2` of a float fails in torch, and of an integer is x xor 2)."""

import re

# Patterns are compiled at first use (re caches them): a calculation in plain notation uses none.
SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
SUPERSCRIPT = "[⁰¹²³⁴⁵⁶⁷⁸⁹]+"
# Characters of typeset mathematics, and their ASCII operators.
SYMBOLS = {"−": "-", "–": "-", "×": "*", "·": "*", "÷": "/"}
# A number followed by a name or '(' without an operator between them: 2x, 3sin(x), 2(x + 1). Not 1e5,
# 2e-3 (exponents) or 0x1f (hexadecimal), which are numbers.
IMPLICIT_PRODUCT = r"(?<![\w.])(\d+(?:\.\d*)?)(?!e[-+]?\d)(?!x[0-9a-fA-F])([A-Za-z_(])"
# |x - 1|: absolute-value bars (in Python a bitwise or, which cannot start an expression).
ABSOLUTE_VALUE = r"\|([^|\n]+)\|"
# sin^2(x): a function's power written before its argument (one level of parentheses).
FUNCTION_POWER = r"\b([A-Za-z_]\w*)\s*\^\s*(\d+)\s*\(([^()]*)\)"


class Suggestion:
    """What to write instead of the source text at (line, col) for `length` characters, and why."""

    def __init__(self, message, line, col, length):
        self.message, self.line, self.col, self.length = message, line, col, length


def _at(source, index):
    """(line, col) of character `index` of `source`, both as the parser counts (line from 1, col from 0)."""
    before = source[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1)


def before_parsing(source):
    """Typeset characters the language has no use for: superscript powers and Unicode operators."""
    if source.isascii():  # all of them are outside ASCII
        return None
    match = re.search(SUPERSCRIPT, source)
    if match:
        power = match.group().translate(SUPERSCRIPT_DIGITS)
        return Suggestion(f"write **{power} for the power {match.group()} (x**{power}, not x{match.group()})",
                          *_at(source, match.start()), len(match.group()))
    for index, char in enumerate(source):
        if char in SYMBOLS:
            return Suggestion(f"write {SYMBOLS[char]} for {char} (U+{ord(char):04X})", *_at(source, index), 1)
    return None


def after_parse_error(source):
    """An implicit product: 2x (the likely reason the source does not parse) or 2(x + 1) (a call of 2); else
    absolute-value bars, |x|."""
    match = re.search(IMPLICIT_PRODUCT, source)
    if match is not None:
        number, after = match.groups()
        return Suggestion(f"write {number}*{after} for {number}{after}: a product needs its *",
                          *_at(source, match.start()), len(match.group()))
    match = re.search(ABSOLUTE_VALUE, source)
    if match is not None:
        inner = match.group(1).strip()
        return Suggestion(f"write abs({inner}) for |{inner}|: | is Python's bitwise or",
                          *_at(source, match.start()), len(match.group()))
    return None


def power_with_caret(source):
    """`^` used for a power: what the whole source reads as with ** (sin^2(x) -> sin(x)**2)."""
    index = source.find("^")
    fixed = re.sub(FUNCTION_POWER, r"\1(\3)**\2", source).replace("^", "**")
    return Suggestion(f"^ is xor (bitwise exclusive or), not a power: write ** ({fixed})", *_at(source, index), 1)
