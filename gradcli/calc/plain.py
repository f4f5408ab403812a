"""Plain formulas parsed without the script grammar: one line of numbers, names, `+ - * / // % **`, unary
`+ -`, parentheses and calls of a name with positional arguments, such as `2*x*sin(3*x) + x**2`, which is
what almost every calculator EXPR and `check` answer is. `gradcli check` parses thousands of them; the
script parser (tokens, indentation, the LALR tables, a builder call per rule) costs about ten times this
recursive descent for such a line.

`parsed(source)` gives exactly the syntax tree `gradcli.lang.parse` gives (the same nodes, the same spans:
tests/calc/test_plain.py compares them on every expression in the repository and on random formulas), or
None for anything else, which the script parser then reads (and reports errors in). So anything unusual is
left to the script parser: keywords, strings, comments, several lines, brackets other than `( )`, other
operators, number spellings other than `12`, `1.5`, `.5`, `2.`, `1e-3`, very deep nesting or long text.
"""

import keyword
import re

from gradcli.lang import nodes
from gradcli.lang.diagnostics import PYTHON_ONLY_KEYWORDS

# Each token after its spaces: a float, an integer (0 alone: `01` is an error, `00` is left to the script
# parser), a name, or an operator (`**` and `//` before `*` and `/`). The tokens found must cover the source.
TOKENS = re.compile(r"([ \t]*)(?:((?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)"
                    r"|([1-9]\d*|0(?![\d._a-zA-Z]))|([A-Za-z_]\w*)|(\*\*|//|[-+*/%(),]))", re.ASCII)
RESERVED = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | PYTHON_ONLY_KEYWORDS
ADDING, MULTIPLYING, UNARY = frozenset("+-"), frozenset(("*", "/", "//", "%")), frozenset("+-")
_new_tuple = tuple.__new__  # a Span without the Python-level __new__ of a NamedTuple, as the script parser makes them
LONGEST = 2000       # characters: longer sources (long chains, deep nesting) go to the script parser
DEEPEST = 100        # nested parentheses, calls and unary operators


class _NotPlain(Exception):
    pass


def parsed(source):
    """The Module that gradcli.lang.parse(source) gives, when `source` is a plain formula; else None."""
    if len(source) > LONGEST or not source or source[0] in " \t" or "\n" in source or "\r" in source:
        return None
    try:
        parser = _Parser(*_tokens(source))
        value, start, end = parser.expression(0)
    except _NotPlain:
        return None
    if parser.kinds[parser.position] is not None:  # more after a whole formula: `x y`, `(f)(x)`
        return None
    statement = nodes.ExprStmt(_span(start, end), value)
    return nodes.Module(nodes.Span(1, 0, 2, 0), [statement])


def _span(start, end):
    return _new_tuple(nodes.Span, (1, start, 1, end))


def _tokens(source):
    """The tokens' kinds (float, int, name, or the operator itself; None after the last), texts, and start
    and end columns."""
    kinds, texts, starts, ends = [], [], [], []
    position = 0
    for spaces, number, integer, name, op in TOKENS.findall(source):
        position += len(spaces)
        text = number or integer or name or op
        if name and name in RESERVED:
            raise _NotPlain
        kinds.append("float" if number else "int" if integer else "name" if name else op)
        texts.append(text)
        starts.append(position)
        position += len(text)
        ends.append(position)
    if source[position:].strip(" \t"):  # something no token matches: left to the script parser
        raise _NotPlain
    kinds.append(None)  # the end: no rule takes it, so a formula may stop there
    return kinds, texts + [""], starts + [position], ends + [position]


class _Parser:
    """Python's expression grammar from arith_expr down, for the tokens above. Each rule gives (node, start,
    end): the columns of the text it matched, parentheses included, which is the span the script parser
    gives a rule (a unary operator's, a power's, a call's, the statement's), while a chain of `+` or `*`
    spans its first and last operands' nodes, as the script parser's builder joins them."""

    def __init__(self, kinds, texts, starts, ends):
        self.kinds, self.texts, self.starts, self.ends = kinds, texts, starts, ends
        self.position = 0

    def expect(self, kind):
        """The end column of the next token, which must be `kind`."""
        if self.kinds[self.position] != kind:
            raise _NotPlain
        self.position += 1
        return self.ends[self.position - 1]

    def expression(self, depth):
        return self.chain(depth, ADDING, self.term)

    def term(self, depth):
        return self.chain(depth, MULTIPLYING, self.factor)

    def chain(self, depth, operators, operand):
        result, start, end = operand(depth)
        kinds = self.kinds
        while kinds[self.position] in operators:
            op = kinds[self.position]
            self.position += 1
            right, _, end = operand(depth)
            result = nodes.BinOp(_span(result.span.col, right.span.end_col), result, op, right)
        return result, start, end

    def factor(self, depth):
        op = self.kinds[self.position]
        if op not in UNARY:
            return self.power(depth)
        if depth >= DEEPEST:
            raise _NotPlain
        start = self.starts[self.position]
        self.position += 1
        operand, _, end = self.factor(depth + 1)
        return nodes.UnaryOp(_span(start, end), op, operand), start, end

    def power(self, depth):
        base, start, end = self.atom(depth)
        if self.kinds[self.position] != "**":
            return base, start, end
        self.position += 1
        exponent, _, end = self.factor(depth)
        return nodes.BinOp(_span(start, end), base, "**", exponent), start, end

    def atom(self, depth):
        at = self.position
        kind, start, end = self.kinds[at], self.starts[at], self.ends[at]
        self.position += 1
        if kind == "(":
            if depth >= DEEPEST:
                raise _NotPlain
            inner, _, _ = self.expression(depth + 1)
            return inner, start, self.expect(")")
        if kind == "name":
            name = nodes.Name(_span(start, end), self.texts[at])
            if self.kinds[self.position] != "(":
                return name, start, end
            return self.call(name, start, depth)
        if kind == "int":
            return nodes.Constant(_span(start, end), int(self.texts[at])), start, end
        if kind == "float":
            return nodes.Constant(_span(start, end), float(self.texts[at])), start, end
        raise _NotPlain

    def call(self, function, start, depth):
        if depth >= DEEPEST:
            raise _NotPlain
        self.position += 1  # (
        args = []
        if self.kinds[self.position] != ")":
            args.append(self.expression(depth + 1)[0])
            while self.kinds[self.position] == ",":
                self.position += 1
                args.append(self.expression(depth + 1)[0])
        end = self.expect(")")
        if self.kinds[self.position] == "(":  # f(x)(y): left to the script parser
            raise _NotPlain
        return nodes.Call(_span(start, end), function, args, []), start, end
