"""Runs the compiled grammar (gradcli.lang.tables): a lexer, and an LALR(1) parser that hands each rule's
children straight to a builder method, so no parse tree is ever built.

It behaves as Lark's basic lexer and LALR parser with propagate_positions and maybe_placeholders: the same
tokens, the same children in the same shape, the same spans, the same expected terminals on an error
(tests/lang/test_lalr.py holds it to Lark on every script in the repository).
"""

from __future__ import annotations

import re

from gradcli.lang.nodes import Span

EMPTY_SPAN = Span(1, 0, 1, 0)  # a rule that matched no text


class Token(str):
    """A terminal's text with its type and position: 1-based lines and columns, 0-based offsets, as Lark's."""

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None, end_column=None,
                end_pos=None):
        token = super().__new__(cls, value)
        token.type, token.value, token.start_pos, token.line, token.column = type, value, start_pos, line, column
        token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
        return token

    @property
    def span(self):
        """Where the token stands (0-based columns, as the syntax tree's spans); None if made up unplaced."""
        if self.line is None:
            return None
        return Span(self.line, self.column - 1, self.end_line, self.end_column - 1)


class UnexpectedCharacters(Exception):
    """No terminal matches at `pos_in_stream` (`line`, `column`: 1-based)."""

    def __init__(self, pos_in_stream, line, column):
        super().__init__(f"no terminal matches at line {line} column {column}")
        self.pos_in_stream, self.line, self.column = pos_in_stream, line, column


class UnexpectedToken(Exception):
    """`token` cannot come here; `expected` holds the terminals that could."""

    def __init__(self, token, expected):
        super().__init__(f"unexpected {token.type} at line {token.line} column {token.column}")
        self.token, self.expected = token, expected


class TooDeep(Exception):
    """`token` would nest the parse deeper than the parser's limit."""

    def __init__(self, token):
        super().__init__(f"nesting too deep at line {token.line} column {token.column}")
        self.token = token


class Lexer:
    def __init__(self, tables):
        self.scanners = [re.compile(pattern, flags).match for pattern, flags in tables["scanners"]]
        self.keywords = tables["keywords"]
        self.ignore = frozenset(tables["ignore"])

    def tokens(self, text):
        """The tokens of `text`, as Lark's basic lexer makes them; raises UnexpectedCharacters."""
        pos, line, line_start, end = 0, 1, 0, len(text)
        while pos < end:
            for scan in self.scanners:
                match = scan(text, pos)
                if match:
                    break
            else:
                raise UnexpectedCharacters(pos, line, pos - line_start + 1)
            value, kind = match.group(), match.lastgroup
            column, end_line, end_pos = pos - line_start + 1, line, match.end()
            if "\n" in value:
                end_line += value.count("\n")
                line_start = pos + value.rindex("\n") + 1
            if kind not in self.ignore:
                kind = self.keywords.get(kind, {}).get(value, kind)
                yield Token(kind, value, pos, line, column, end_line, end_pos - line_start + 1, end_pos)
            pos, line = end_pos, end_line


class Parser:
    """The LALR(1) driver. `builder` has a method per rule name (or alias) that is not inlined: it is
    called with the span of the text the rule matched and the rule's children, and returns the value that
    stands for the rule from then on."""

    def __init__(self, tables, builder, max_depth):
        self.max_depth = max_depth  # symbols on the stack: bounds the nesting that later passes recurse through
        self.states = tables["states"]
        self.start_states, self.end_states = tables["start"], tables["end"]
        self.rules = [(_stands_for_its_child(length, inline, kept, trailing_nones), origin, length,
                       _builder_method(builder, method, inline, kept, trailing_nones), inline, kept, trailing_nones)
                      for origin, length, method, inline, kept, trailing_nones in tables["rules"]]
        # (state below, top state, terminal) -> the top state after the run of one-child reductions that
        # terminal sets off there (about ten for a name: atom, power, factor, term, ... test): learnt as met
        self.unit_runs = {}

    def parse(self, tokens, start):
        """The value the builder made of the start rule; raises UnexpectedToken or TooDeep."""
        states, rules = self.states, self.rules
        stack, values, spans = [self.start_states[start]], [], []
        end_state = self.end_states[start]
        for token in _ending(tokens):
            while True:
                action = states[stack[-1]].get(token.type)
                if action is None:
                    raise UnexpectedToken(token, self._accepted(stack, end_state))
                if action >= 0:
                    if len(stack) > self.max_depth:
                        raise TooDeep(token)
                    stack.append(action)
                    values.append(token)
                    spans.append(token.span)
                    break
                unit, origin, length, method, inline, kept, trailing_nones = rules[~action]
                if unit:  # most reductions: the child's value and span stand for the rule, only the state changes
                    stack[-1] = self._after_unit_run(stack[-2], stack[-1], token.type)
                else:
                    children, extents = values[len(values) - length:], spans[len(spans) - length:]
                    del stack[len(stack) - length:], values[len(values) - length:], spans[len(spans) - length:]
                    span = _outer_span(extents)
                    shaped = _shaped(children, kept, trailing_nones)
                    if inline and len(shaped) == 1:
                        value = shaped[0]
                        if isinstance(value, Token):  # Lark gives a token its own position, not its rule's
                            span = value.span
                    elif method is None:
                        value = shaped  # a `_rule`: its parent splices these children in
                    else:
                        value = method(span or EMPTY_SPAN, shaped)
                    stack.append(states[stack[-1]][origin])
                    values.append(value)
                    spans.append(span)
                if token.type == "$END" and stack[-1] == end_state:
                    return values[-1]

    def _after_unit_run(self, below, top, terminal):
        """The top state once `terminal` has made every one-child reduction it calls for on top of `below`
        (they change the top state only, so the state below and the terminal decide it)."""
        key = (below, top, terminal)
        after = self.unit_runs.get(key)
        if after is None:
            after = top
            while True:
                action = self.states[after].get(terminal)
                if action is None or action >= 0 or not self.rules[~action][0]:
                    break
                after = self.states[below][self.rules[~action][1]]
            self.unit_runs[key] = after
        return after

    def _accepted(self, stack, end_state):
        """The terminals that would let the parser go on from `stack` (as Lark's InteractiveParser.accepts)."""
        return {terminal for terminal in self.states[stack[-1]]
                if terminal.isupper() and self._goes_on(list(stack), terminal, end_state)}

    def _goes_on(self, stack, terminal, end_state):
        """Whether `terminal` is shifted, or ($END) accepted, after the reductions it calls for."""
        while True:
            action = self.states[stack[-1]].get(terminal)
            if action is None:
                return False
            if action >= 0:
                return True
            origin, length = self.rules[~action][1:3]
            del stack[len(stack) - length:]
            stack.append(self.states[stack[-1]][origin])
            if terminal == "$END" and stack[-1] == end_state:
                return True


def _stands_for_its_child(length, inline, kept, trailing_nones):
    """A `?rule: child`: its one child, kept as it is, stands for it."""
    return inline and length == 1 and kept == ((0, False, 0),) and not trailing_nones


def _builder_method(builder, name, inline, kept, trailing_nones):
    """The builder's method for a rule; None for a `_rule`, spliced into its parent, and for a `?rule` that
    always has one child, which stands for it."""
    if name.startswith("_"):
        return None
    method = getattr(builder, name, None)
    always_one_child = inline and len(kept) == 1 and kept[0][1:] == (False, 0) and not trailing_nones
    if method is None and not always_one_child:
        raise TypeError(f"{type(builder).__name__} has no method for the rule {name!r}")
    return method


def _ending(tokens):
    """The tokens, then $END at the last one's position."""
    token = None
    for token in tokens:
        yield token
    if token is None:
        yield Token("$END", "", 0, 1, 1)
    else:
        yield Token("$END", "", token.start_pos, token.line, token.column, token.end_line, token.end_column,
                    token.end_pos)


def _shaped(children, kept, trailing_nones):
    """A rule's children as its builder method gets them: `kept` says which, which to splice, where Nones go.

    A repetition (Lark's left-recursive `__rule: item | __rule item`) starts with the list made so far: it
    is extended in place, as nothing else holds it once reduced, so n items cost O(n), not O(n^2)."""
    if kept and kept[0][1] and not kept[0][2] and kept[0][0] == 0:
        shaped, kept = children[0], kept[1:]
    else:
        shaped = []
    for index, spliced, nones_before in kept:
        if nones_before:
            shaped += [None] * nones_before
        if spliced:
            shaped += children[index]
        else:
            shaped.append(children[index])
    if trailing_nones:
        shaped += [None] * trailing_nones
    return shaped


def _outer_span(spans):
    """From the first child that has a position to the last (None when none has)."""
    if spans and spans[0] is not None and spans[-1] is not None:  # the usual case, without building a list
        return Span(spans[0].line, spans[0].col, spans[-1].end_line, spans[-1].end_col)
    placed = [span for span in spans if span is not None]
    if not placed:
        return None
    return Span(placed[0].line, placed[0].col, placed[-1].end_line, placed[-1].end_col)
