"""Parsing scripts: the compiled grammar (built by Lark on first use, cached on disk), indentation, error
reporting."""

from __future__ import annotations

import contextlib
import functools
import gc
import re
from pathlib import Path

from gradcli.lang import lalr, nodes, tables
from gradcli.lang.diagnostics import (PYTHON_ONLY_KEYWORDS, ScriptSyntaxError, describe_expected, describe_token,
                                     not_in_the_language)

GRAMMAR_FILE = "gradcli.lark"
OPENING_BRACKETS = {"LPAR": "RPAR", "LSQB": "RSQB", "LBRACE": "RBRACE"}
CLOSING_BRACKETS = frozenset(OPENING_BRACKETS.values())
MAX_BRACKET_DEPTH = 200  # as CPython's parser: deeper nesting is refused rather than recursed into
# Symbols on the parser's stack, about one per unary operator of `- - - x`: about CPython's own limit
# (deeper, it stops compiling with a RecursionError), far within what the interpreter evaluates.
MAX_PARSE_DEPTH = 1000
TAB_SIZE = 8
# Python keywords the language leaves out are parsed as names: a statement they start fails on the word
# after them, which is where the diagnostic looks back from.
PREVIOUS_WORD = re.compile(r"\b(\w+)[ \t]*\Z")


PACKAGE_DIR = Path(__file__).resolve().parent.parent


def grammar_path(package_dir: Path = PACKAGE_DIR) -> Path:
    """The grammar file: inside the package in a wheel (gradcli/grammar/, where pyproject's force-include
    puts it), beside the package in a source checkout or editable install (grammar/)."""
    for folder in (package_dir / "grammar", package_dir.parent / "grammar"):
        path = folder / GRAMMAR_FILE
        if path.is_file():
            return path
    raise FileNotFoundError(f"gradcli's grammar file {GRAMMAR_FILE} is missing from {package_dir}")


@functools.cache
def _compiled():
    return tables.load(grammar_path())


@functools.cache
def _parser():
    """The lexer, and the parser that builds syntax-tree nodes as it reduces."""
    from gradcli.lang.builder import ASTBuilder

    return lalr.Lexer(_compiled()), lalr.Parser(_compiled(), ASTBuilder(_parse_field), MAX_PARSE_DEPTH)


def literal_of(terminal_name):
    """The fixed text of a terminal such as RPAR -> ')', or None for a pattern such as NAME (and for $END
    and the _INDENT/_DEDENT that the post-lexer makes)."""
    return _compiled()["literals"].get(terminal_name)


def layout(tokens):
    """Newlines and indentation become _NEWLINE/_INDENT/_DEDENT tokens, as in Python.

    Newlines inside brackets are ignored; bracket mismatches are reported here, where their positions
    are known. State lives in the generator, so nested parses (f-string fields) cannot disturb it.
    """
    indents = [0]
    brackets = []
    first = True
    for token in tokens:
        kind = token.type
        if first and kind != "_NEWLINE" and token.column > 1:
            raise ScriptSyntaxError("unexpected indent", token.line, token.column - 1, kind="IndentationError")
        first = False
        if kind == "_NEWLINE":
            if brackets:
                continue
            yield token
            indent_text = token[token.rfind("\n") + 1:]
            width = len(indent_text.expandtabs(TAB_SIZE))
            if width == indents[-1]:  # most lines: the same block goes on
                continue
            line = token.end_line
            at = dict(start_pos=token.end_pos - len(indent_text), line=line, column=1, end_line=line,
                      end_column=len(indent_text) + 1, end_pos=token.end_pos)
            if width > indents[-1]:
                indents.append(width)
                yield lalr.Token("_INDENT", indent_text, **at)
                continue
            while width < indents[-1]:
                indents.pop()
                yield lalr.Token("_DEDENT", indent_text, **at)
            if width != indents[-1]:
                raise ScriptSyntaxError("unindent does not match any outer indentation level", line, width,
                                        kind="IndentationError")
            continue
        if kind in OPENING_BRACKETS:
            brackets.append(token)
            if len(brackets) > MAX_BRACKET_DEPTH:
                raise ScriptSyntaxError("too many nested parentheses", token.line, token.column - 1)
        elif kind in CLOSING_BRACKETS:
            if not brackets:
                raise ScriptSyntaxError(f"unmatched '{token}'", token.line, token.column - 1)
            opener = brackets.pop()
            if OPENING_BRACKETS[opener.type] != kind:
                raise ScriptSyntaxError(
                    f"closing parenthesis '{token}' does not match opening parenthesis '{opener}'",
                    token.line, token.column - 1)
        yield token
    if brackets:
        opener = brackets[-1]
        raise ScriptSyntaxError(f"'{opener}' was never closed", opener.line, opener.column - 1,
                                incomplete=True)
    for _ in indents[1:]:
        yield lalr.Token("_DEDENT", "")


def normalize(source: str) -> str:
    """Python's view of a source text: no BOM, '\\n' line ends, a final newline."""
    source = source.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return source if source.endswith("\n") else source + "\n"


def parse(source: str) -> nodes.Module:
    """The syntax tree of a script; raises ScriptSyntaxError with the position and what was expected."""
    with _collector_paused():
        return _parse(normalize(source), "file_input")


@contextlib.contextmanager
def _collector_paused():
    """A long script makes a big tree of objects that all stay alive: Python's cycle collector would scan
    them again and again as they pile up (time quadratic in the script's length). Trees have no cycles to
    collect, so it rests while they are built."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _parse_field(text: str):
    """The node of an f-string field's expression (positions relative to the field's text)."""
    return _parse(text, "eval_input")


def _parse(text, start):
    lexer, parser = _parser()
    try:
        return parser.parse(layout(lexer.tokens(text)), start)
    except lalr.UnexpectedCharacters as err:
        raise _character_error(err, text) from None
    except lalr.UnexpectedToken as err:
        raise _token_error(err, text) from None
    except lalr.TooDeep as err:
        raise ScriptSyntaxError("too many nested expressions", err.token.line, err.token.column - 1) from None
    except RecursionError:
        raise ScriptSyntaxError("too many nested expressions", 1, 0) from None


def _end_position(text):
    body = text.rstrip()
    line = body.count("\n") + 1
    return line, len(body) - (body.rfind("\n") + 1)


def _token_error(err, text):
    token, expected = err.token, err.expected
    if token.type == "$END":
        line, col = _end_position(text)
        if "_INDENT" in expected:
            return ScriptSyntaxError("expected an indented block", line, col, kind="IndentationError",
                                     incomplete=True)
        what = describe_expected(expected, literal_of)
        return ScriptSyntaxError("unexpected end of input" + (f"; expected {what}" if what else ""), line, col,
                                 incomplete=True)
    line, col = token.line, token.column - 1
    keyword = PREVIOUS_WORD.search(text, 0, token.start_pos)
    if keyword and keyword.group(1) in PYTHON_ONLY_KEYWORDS:
        return ScriptSyntaxError(not_in_the_language(keyword.group(1)), line,
                                 keyword.start(1) - (text.rfind("\n", 0, keyword.start(1)) + 1))
    if token.type == "_INDENT":
        return ScriptSyntaxError("unexpected indent", line, token.end_column - 1, kind="IndentationError")
    if "_INDENT" in expected:
        # A dedent at the end of the input: more lines can still bring the block.
        at_end = token.type == "_DEDENT" and (token.start_pos is None or not text[token.start_pos:].strip())
        if at_end:
            line, col = _end_position(text)
        return ScriptSyntaxError("expected an indented block", line, col, kind="IndentationError",
                                 incomplete=at_end)
    if token.type == "_DEDENT":
        # The block ended where a statement still needed its next part, such as `try:` without `except`.
        line, col = _end_position(text[:token.start_pos])
    what = describe_expected(expected, literal_of)
    return ScriptSyntaxError(f"unexpected {describe_token(token)}" + (f"; expected {what}" if what else ""),
                             line, col)


def _character_error(err, text):
    rest = text[err.pos_in_stream:]
    line, col = err.line, err.column - 1
    if text[max(0, err.pos_in_stream - 2):err.pos_in_stream + 1] in ('"""', "'''"):
        # The lexer took the first two quotes for an empty string.
        return ScriptSyntaxError("unterminated triple-quoted string literal", line, col - 2, incomplete=True)
    if rest.lstrip("rRfF")[:1] in ("'", '"'):
        return ScriptSyntaxError("unterminated string literal", line, col)
    return ScriptSyntaxError(f"invalid character {rest[0]!r}", line, col)


def check_complete(text: str) -> str:
    """For a REPL: 'run' when `text` (the lines entered so far, joined with '\n') is a complete input,
    'more' when it needs more lines, 'error' when no more lines can make it valid.

    As in Python's REPL, a compound statement (for, if, def, ...) ends with a blank line.
    """
    ends_with_blank_line = "\n" in text and text.rsplit("\n", 1)[1].strip() == ""
    try:
        module = parse(text)
    except ScriptSyntaxError as err:
        if not err.incomplete or (err.kind == "IndentationError" and ends_with_blank_line):
            return "error"
        return "more"
    if module.body and isinstance(module.body[-1], nodes.COMPOUND_STATEMENTS) and not ends_with_blank_line:
        return "more"
    return "run"
