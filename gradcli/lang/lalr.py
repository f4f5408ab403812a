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
_new_tuple = tuple.__new__  # Span(...) without the Python-level __new__ of a NamedTuple
_new_str = str.__new__


def _span_part(index, plus=0):
    """A token's position read off its span (None for a token made up unplaced)."""
    return property(lambda token: None if token.span is None else token.span[index] + plus)


class Token(str):
    """A terminal's text with its type and position: 1-based lines and columns, 0-based offsets, as Lark's.

    A token keeps its type, start offset and span (None if made up unplaced); the rest follows from them,
    so that the lexer sets three attributes per token (it makes one for every word of the input), in slots
    (an instance dict per token took as long to fill as the rest of the token's making)."""

    __slots__ = ("type", "start_pos", "span", "end_pos")

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None, end_column=None,
                end_pos=None):
        token = super().__new__(cls, value)
        token.type, token.start_pos = type, start_pos
        if line is not None and end_line is None:  # on one line, as long as its text
            end_line, end_column = line, column + len(value)
        token.span = None if line is None else _new_tuple(Span, (line, column - 1, end_line, end_column - 1))
        if end_pos is not None:
            token.end_pos = end_pos  # where `$END` stands: after the last token, though it has no text
        return token

    @property
    def value(self):
        return str(self)

    line = _span_part(0)         # 1-based
    column = _span_part(1, 1)    # 1-based
    end_line = _span_part(2)
    end_column = _span_part(3, 1)

    def __getattr__(self, name):
        if name == "end_pos":  # not given: a lexer's token ends where its text does
            return None if self.start_pos is None else self.start_pos + len(self)
        raise AttributeError(name)


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
    """Lark's basic lexer: at each position, the first terminal (in Lark's order of priority) that matches.

    The terminals are alternatives of one regular expression, which the regex engine tries one by one: for
    an ASCII character, a pattern of only the terminals that can start with it (in the same order) is
    tried instead, so that `=` is not first tried as each of fifty other terminals. Those patterns are
    worked out with the tables (gradcli.lang.tables) and compiled at a character's first use: a short
    expression compiles the few its characters need, not all thirty-odd (some 25 ms at every start)."""

    def __init__(self, tables):
        self.matchers = _Matchers(tables["lexer"])  # character -> the match function of its terminals
        self.keywords = tables["keywords"]
        self.ignore = frozenset(tables["ignore"])

    def tokens(self, text):
        """The tokens of `text`, as Lark's basic lexer makes them; raises UnexpectedCharacters."""
        keywords, ignore, new_token, matchers = self.keywords, self.ignore, _new_str, self.matchers
        pos, line, line_start, end = 0, 1, 0, len(text)
        while pos < end:
            match = matchers[text[pos]](text, pos)
            if match is None:
                raise UnexpectedCharacters(pos, line, pos - line_start + 1)
            start, kind, pos = pos, match.lastgroup, match.end()
            value = match.group(kind)
            column = start - line_start
            if "\n" in value:
                end_line = line + value.count("\n")
                line_start = start + value.rindex("\n") + 1
            else:
                end_line = line
            if kind not in ignore:
                words = keywords.get(kind)
                token = new_token(Token, value)
                token.type = words.get(value, kind) if words else kind
                token.start_pos = start
                token.span = _new_tuple(Span, (line, column, end_line, start + len(value) - line_start))
                yield token
            line = end_line


# The blanks the grammar ignores (%ignore /[\t \f]+/), matched with the token before them: one match less
# per space between words. A token's text is its terminal's group.
FOLLOWING_BLANKS = r"[\t \f]*"


class _Matchers(dict):
    """character -> the match function of the terminals that may start with it, then any blanks, compiled
    when first asked for (a character outside the tables' ASCII ones gets the pattern of every terminal)."""

    def __init__(self, lexer_tables):
        super().__init__()
        self.patterns, self.every_terminal = lexer_tables["by_character"], lexer_tables["every_terminal"]
        self.flags = lexer_tables["flags"]

    def __missing__(self, char):
        pattern = self.patterns.get(char, self.every_terminal)
        match = re.compile(f"(?:{pattern}){FOLLOWING_BLANKS}", self.flags).match if pattern else _no_match
        self[char] = match
        return match


def _no_match(text, pos):
    return None


# How a rule's reduction goes (see Parser._compiled_rule)
UNIT = 0     # a `?rule: child`: the child stands for it, only the state changes
SPLICE = 1   # a `_rule` (or a repetition): its shaped children, a list its parent splices in
BUILD = 2    # the builder's method makes the rule's value


class Parser:
    """The LALR(1) driver. `builder` has a method per rule name (or alias) that is not inlined: it is
    called with the span of the text the rule matched and the rule's children, and returns the value that
    stands for the rule from then on."""

    def __init__(self, tables, builder, max_depth):
        self.max_depth = max_depth  # symbols on the stack: bounds the nesting that later passes recurse through
        self.states = tables["states"]
        self.start_states, self.end_states = tables["start"], tables["end"]
        self.rules = [self._compiled_rule(builder, *rule) for rule in tables["rules"]]
        # terminal -> {state below * states + top state: the top state after the run of one-child
        # reductions that terminal sets off there (none, often)}: learnt as met
        self.unit_runs = {}

    @staticmethod
    def _compiled_rule(builder, origin, length, method, inline, kept, trailing_nones):
        """(how, origin, length, method, kept, trailing Nones, whether a lone child stands for the rule,
        whether the children pass as they are): decided once, not at each reduction."""
        if _stands_for_its_child(length, inline, kept, trailing_nones):
            how = UNIT
        else:
            method = _builder_method(builder, method, inline, kept, trailing_nones)
            how = SPLICE if method is None else BUILD
        as_they_are = kept == tuple((index, False, 0) for index in range(length)) and not trailing_nones
        return how, origin, length, method, kept, trailing_nones, inline, as_they_are

    def parse(self, tokens, start):
        """The value the builder made of the start rule; raises UnexpectedToken or TooDeep."""
        states, rules, max_depth, count = self.states, self.rules, self.max_depth, len(self.states)
        state = self.start_states[start]
        stack, values, spans = [state], [], []
        end_state = self.end_states[start]
        for token in _ending(tokens):
            kind = token.type
            unit_runs = self.unit_runs.get(kind)
            if unit_runs is None:
                unit_runs = self.unit_runs[kind] = {}
            while True:
                action = states[state].get(kind)
                if action is None:
                    raise UnexpectedToken(token, self._accepted(stack, end_state))
                if action >= 0:  # shift
                    if len(stack) > max_depth:
                        raise TooDeep(token)
                    state = action
                    stack.append(state)
                    values.append(token)
                    spans.append(token.span)
                    break
                how, origin, length, method, kept, trailing_nones, inline, as_they_are = rules[~action]
                if how == UNIT:  # the child's value and span stand for the rule: only the state changes
                    below = stack[-2]
                else:
                    if length == 1:  # the rule's span is its child's
                        stack.pop()
                        children, span = [values.pop()], spans.pop()
                    elif length:
                        first, last = spans[-length], spans[-1]
                        children = values[-length:]
                        if first is not None and last is not None:  # the usual case, without a list
                            span = _new_tuple(Span, (first[0], first[1], last[2], last[3]))
                        else:
                            span = _outer_span(spans[-length:])
                        del stack[-length:], values[-length:], spans[-length:]
                    else:
                        children, span = [], None
                    shaped = children if as_they_are else _shaped(children, kept, trailing_nones)
                    if inline and len(shaped) == 1:
                        value = shaped[0]
                        if isinstance(value, Token):  # Lark gives a token its own position, not its rule's
                            span = value.span
                    elif how == SPLICE:
                        value = shaped  # a `_rule`: its parent splices these children in
                    else:
                        value = method(span or EMPTY_SPAN, shaped)
                    below = stack[-1]
                    state = states[below][origin]
                    stack.append(state)
                    values.append(value)
                    spans.append(span)
                # The one-child reductions that follow (about ten after a name: atom_expr, power, factor,
                # term, ... test) change the top state only: the state below, the top one and the terminal
                # decide where they end, learnt once.
                key = below * count + state
                after = unit_runs.get(key)
                if after is None:
                    after = unit_runs[key] = self._after_unit_run(below, state, kind)
                stack[-1] = state = after
                if state == end_state and kind == "$END":
                    return values[-1]

    def _after_unit_run(self, below, top, terminal):
        """The top state once `terminal` has made every one-child reduction it calls for on top of `below`
        (they change the top state only, so the state below and the terminal decide it)."""
        while True:
            action = self.states[top].get(terminal)
            if action is None or action >= 0 or self.rules[~action][0] != UNIT:
                return top
            top = self.states[below][self.rules[~action][1]]

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
    placed = [span for span in spans if span is not None]
    if not placed:
        return None
    return Span(placed[0].line, placed[0].col, placed[-1].end_line, placed[-1].end_col)
