"""Syntax diagnostics: where a script stops parsing, and what the parser expected there.

They are shown as Python shows a SyntaxError: the file and line, the source line, a caret under the
offending token, then the message.
"""

from __future__ import annotations

# What can start an expression: when the parser would accept any expression, saying "an expression"
# is clearer than listing these.
EXPRESSION_START_TERMINALS = frozenset({
    "NAME", "DEC_NUMBER", "HEX_NUMBER", "OCT_NUMBER", "BIN_NUMBER", "FLOAT_NUMBER", "STRING", "LONG_STRING"})
EXPRESSION_START_LITERALS = frozenset({"(", "[", "{", "-", "+", "~", "not", "lambda", "None", "True", "False",
                                       "..."})
STATEMENT_STARTS = EXPRESSION_START_LITERALS | {
    "assert", "break", "continue", "def", "del", "for", "from", "if", "import", "pass", "raise", "return", "try",
    "while", "with", "*"}
# What can continue an expression: after an operand, summed up as "an operator".
OPERATOR_LITERALS = frozenset({"+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<", ">", "==", "!=",
                               "<=", ">=", "and", "or", "not", "in", "is", "if", ".", "(", "[",
                               "+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^="})
# Python keywords the language does not have: the lexer reads them as names.
PYTHON_ONLY_KEYWORDS = frozenset({"async", "await"})
REGEX_TERMINAL_NAMES = {
    "NAME": "a name",
    "DEC_NUMBER": "a number", "HEX_NUMBER": "a number", "OCT_NUMBER": "a number", "BIN_NUMBER": "a number",
    "FLOAT_NUMBER": "a number",
    "STRING": "a string", "LONG_STRING": "a string",
    "_NEWLINE": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the input",
}


# A longer source line is shown as an excerpt around the error's column: all of a 1 MB line would bury the
# message under a megabyte of text.
LONGEST_SHOWN_LINE = 100
CUT = "..."


def excerpt(text, start, end):
    """A source line and the columns [start, end) its carets go under, cut to LONGEST_SHOWN_LINE characters
    around `start` when it is longer (CUT marks where text was left out), the columns moved with it."""
    if len(text) <= LONGEST_SHOWN_LINE:
        return text, start, end
    first = max(0, min(start - LONGEST_SHOWN_LINE // 3, len(text) - LONGEST_SHOWN_LINE))
    last = first + LONGEST_SHOWN_LINE
    before = CUT if first else ""
    after = CUT if last < len(text) else ""
    shift = len(before) - first
    return before + text[first:last] + after, start + shift, max(start + 1, min(end, last)) + shift


class ScriptSyntaxError(Exception):
    """A script that does not parse. `incomplete` is true when more input could make it valid."""

    def __init__(self, message, line, col, *, kind="SyntaxError", incomplete=False):
        super().__init__(message)
        self.message = message
        self.line = line        # 1-based
        self.col = col          # 0-based
        self.kind = kind        # "SyntaxError" or "IndentationError", as Python names them
        self.incomplete = incomplete

    def format(self, filename, source):
        """Python's layout: location, the stripped source line (an excerpt of a long one), a caret under the
        offending column."""
        lines = source.splitlines()
        text = lines[self.line - 1] if 0 < self.line <= len(lines) else ""
        stripped = text.lstrip()
        caret_col = max(0, min(self.col - (len(text) - len(stripped)), len(stripped)))
        stripped, caret_col, _ = excerpt(stripped, caret_col, caret_col + 1)
        shown = f"    {stripped}\n    {' ' * caret_col}^\n" if stripped else ""
        return f'  File "{filename}", line {self.line}\n{shown}{self.kind}: {self.message}\n'


def not_in_the_language(what):
    """The message for Python that gradcli leaves out; `what` is a keyword or a description."""
    plural = not what.isidentifier()
    return f"{what if plural else repr(what)} {'are' if plural else 'is'} Python, but not part of the gradcli language"


def describe_expected(expected, literal_of):
    """What the parser would have accepted, in words; `literal_of(name)` gives a terminal's fixed text."""
    names = set(expected)
    described = []
    if any(literal_of(name) == "pass" for name in names):  # where a statement may start, say so
        described.append("a statement")
        names = {name for name in names if literal_of(name) not in STATEMENT_STARTS}
        names -= EXPRESSION_START_TERMINALS
    elif EXPRESSION_START_TERMINALS <= names:
        described.append("an expression")
        names = {name for name in names
                 if name not in EXPRESSION_START_TERMINALS and literal_of(name) not in EXPRESSION_START_LITERALS}
    after_operand = any(literal_of(name) == "+" for name in names)
    operators = {name for name in names if after_operand and literal_of(name) in OPERATOR_LITERALS}
    for name in sorted(names - operators, key=lambda name: (name.startswith("_"), name)):
        literal = literal_of(name)
        text = REGEX_TERMINAL_NAMES.get(name) or (f"'{literal}'" if literal is not None else name)
        if text not in described:
            described.append(text)
    if operators:
        described.append("an operator")
    if len(described) <= 1:
        return "".join(described)
    return ", ".join(described[:-1]) + " or " + described[-1]


def describe_token(token):
    if token.type == "$END":
        return "end of input"
    if token.type == "_NEWLINE":
        return "end of line"
    if token.type == "_INDENT":
        return "indent"
    if token.type == "_DEDENT":
        return "dedent"
    return repr(str(token))
