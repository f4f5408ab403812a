"""gradcli.lang.lalr runs the tables Lark computes; Lark's own parser is the reference it is held to.

On every script in the repository and on mangled versions of them, both must give the same tree (same
rules, children, tokens and spans) or fail at the same place expecting the same terminals.
"""

from pathlib import Path

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradcli.lang import lalr, nodes, tables
from gradcli.lang.diagnostics import ScriptSyntaxError
from gradcli.lang.parser import MAX_PARSE_DEPTH, _compiled, grammar_path, layout, normalize

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(path for folder in ("examples", "tests/golden") for path in (REPO / folder).rglob("*.py")
                 if path.name not in ("generate.py", "gen_lang.py", "gen_printing.py", "run_gradcli.py"))
CORPUS = [path.read_text(encoding="utf-8") for path in SCRIPTS]


class TreeBuilder:
    """Builds (rule, span, children) for every rule, as Lark's default tree does."""

    def __getattr__(self, rule):
        return lambda span, children: (rule, span, [_plain(child) for child in children])


class LarkLayout:
    """Our layout() as a Lark post-lexer, its made-up tokens turned into Lark's."""

    always_accept = ()

    def process(self, stream):
        for token in layout(stream):
            yield token if isinstance(token, lark.Token) else lark.Token(
                token.type, token.value, token.start_pos, token.line, token.column, token.end_line,
                token.end_column, token.end_pos)


def _plain(value):
    if isinstance(value, lark.Tree):
        meta = value.meta
        span = lalr.EMPTY_SPAN if meta.empty else nodes.Span(meta.line, meta.column - 1, meta.end_line,
                                                             meta.end_column - 1)
        return (str(value.data), span, [_plain(child) for child in value.children])
    if isinstance(value, str):  # a token of either parser
        if value.type == "$END":  # where Lark puts it depends on whether the last token has text; unused
            return ("$END",)
        return (value.type, str(value), value.line, value.column, value.end_line, value.end_column)
    return value


@pytest.fixture(scope="module")
def parsers():
    reference = lark.Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                          postlex=LarkLayout(), start=list(tables.START_SYMBOLS), propagate_positions=True,
                          maybe_placeholders=True)
    compiled = _compiled()
    ours = lalr.Parser(compiled, TreeBuilder(), max_depth=10**9)
    return reference, lalr.Lexer(compiled), ours


def outcome_of_lark(reference, text, start):
    try:
        return _plain(reference.parse(text, start=start))
    except lark.exceptions.UnexpectedCharacters as err:
        return ("characters", err.pos_in_stream)
    except lark.exceptions.UnexpectedToken as err:
        return ("token", _plain(err.token), err.interactive_parser.accepts())
    except ScriptSyntaxError as err:
        return ("layout", err.message, err.line, err.col)


def outcome_of_ours(lexer, parser, text, start):
    try:
        return parser.parse(layout(lexer.tokens(text)), start)
    except lalr.UnexpectedCharacters as err:
        return ("characters", err.pos_in_stream)
    except lalr.UnexpectedToken as err:
        return ("token", _plain(err.token), err.expected)
    except ScriptSyntaxError as err:
        return ("layout", err.message, err.line, err.col)


def same_outcome(parsers, text, start="file_input"):
    reference, lexer, ours = parsers
    expected = outcome_of_lark(reference, text, start)
    assert outcome_of_ours(lexer, ours, text, start) == expected
    return expected


def test_corpus_is_the_repository_scripts():
    assert len(CORPUS) > 300


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: str(path.relative_to(REPO)))
def test_same_tree_as_lark(parsers, path):
    outcome = same_outcome(parsers, normalize(path.read_text(encoding="utf-8")))
    if "examples" in path.parts:  # scripts of the language (some engine goldens are Python beyond it)
        assert outcome[0] == "file_input"


@pytest.mark.parametrize("text", [
    "", "\n", "x = (1 +\n", "if x:\ny = 1\n", "f(a=1, 2)\n", "x = [1, 2\n", "'abc\n", "$\n", "1 2\n",
    "def f(:\n", "try:\n    pass\n", "for in x:\n", "x = 1 if y\n", "import\n", "a[1:2:3:4]\n",
    "lambda x: x\n", "x = f'{y!r:>{w}}'\n", "0x_1\n", "1_000.5e-3j\n", "x.1\n", "del\n", "@\n",
])
def test_same_outcome_on_edge_cases(parsers, text):
    same_outcome(parsers, text)


@pytest.mark.parametrize("text", ["x", "x + 1", "f(x)[0].y", "", "x,", "*x", "x if", "a == = b"])
def test_same_outcome_for_fstring_fields(parsers, text):
    same_outcome(parsers, text, start="eval_input")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.sampled_from(CORPUS), data=st.data())
def test_same_outcome_on_mangled_scripts(parsers, source, data):
    """Cut a piece out of a script, or copy one elsewhere: most such texts fail, and must fail alike."""
    length = len(source)
    start = data.draw(st.integers(0, length))
    end = data.draw(st.integers(start, min(length, start + 40)))
    at = data.draw(st.integers(0, length))
    if data.draw(st.booleans()):
        mangled = source[:start] + source[end:]
    else:
        mangled = source[:at] + source[start:end] + source[at:]
    same_outcome(parsers, normalize(mangled))


def test_nesting_deeper_than_the_limit_is_refused():
    from gradcli.lang import parse

    parse("x = " + "-" * (MAX_PARSE_DEPTH - 10) + "1")
    with pytest.raises(ScriptSyntaxError, match="too many nested expressions") as caught:
        parse("x = " + "-" * (MAX_PARSE_DEPTH + 10) + "1")
    assert caught.value.line == 1 and MAX_PARSE_DEPTH - 10 < caught.value.col < MAX_PARSE_DEPTH + 10


def test_every_rule_has_a_builder_method_where_it_needs_one():
    from gradcli.lang.builder import ASTBuilder

    lalr.Parser(_compiled(), ASTBuilder(None), MAX_PARSE_DEPTH)  # raises TypeError naming a missing one
    with pytest.raises(TypeError, match="Partial has no method for the rule '"):
        lalr.Parser(_compiled(), type("Partial", (), {})(), MAX_PARSE_DEPTH)


def test_a_chain_longer_than_its_limit_is_refused_where_it_passes_it():
    """`x + x + ... + x` is a left-deep tree as deep as it is long: past MAX_CHAIN_OPERANDS it is the
    SyntaxError of any nesting too deep, at the first operand beyond the limit."""
    from gradcli.lang import parse
    from gradcli.lang.builder import MAX_CHAIN_OPERANDS

    assert parse("y = " + "+".join(["x"] * MAX_CHAIN_OPERANDS)).body[0].value.op == "+"
    for operator in ("+", "*", "|", "&", "^"):
        with pytest.raises(ScriptSyntaxError, match="too many nested expressions") as caught:
            parse("y = " + operator.join(["x"] * (MAX_CHAIN_OPERANDS + 1)))
        assert (caught.value.line, caught.value.col) == (1, 4 + 2 * MAX_CHAIN_OPERANDS)


def test_the_lexer_tries_for_each_character_the_terminals_that_can_start_with_it():
    """Its per-character patterns are what makes lexing fast; every terminal that can start with a
    character is among them, so the tokens are Lark's (the tests above), and the rest are not."""
    lexer = lalr.Lexer(_compiled())
    assert lexer.matchers["="].__self__.pattern == r"(?:(?P<__ANON_13>==)|(?P<EQUAL>=))[\t \f]*"
    assert "NAME" in lexer.matchers["r"].__self__.pattern and "STRING" in lexer.matchers["r"].__self__.pattern
    assert "NAME" not in lexer.matchers["1"].__self__.pattern
    tokens = list(lexer.tokens("é = rb'1'\n"))  # a letter beyond ASCII: the whole pattern
    assert [(token.type, str(token)) for token in tokens][:2] == [("NAME", "é"), ("EQUAL", "=")]


def test_the_lexer_compiles_a_characters_pattern_at_its_first_use():
    """Compiling every character's pattern at each start cost more than a whole calculation."""
    lexer = lalr.Lexer(_compiled())
    assert not lexer.matchers
    list(lexer.tokens("x = 1\n"))
    assert sorted(lexer.matchers) == ["\n", "1", "=", "x"]  # the blanks go with the token before them
