"""The compiled grammar's cache: used when it holds this grammar, rebuilt when not, optional when unwritable."""

import marshal

import pytest

from gradcli.lang import tables
from gradcli.lang.parser import grammar_path


@pytest.fixture
def grammar(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "gradcli.lark"
    path.write_text(grammar_path().read_text(encoding="utf-8"), encoding="utf-8")
    return path


def cache_files(grammar):
    return list((grammar.parent / "cache" / "gradcli").glob("*.marshal"))


def test_first_load_builds_and_stores_then_reads_back(grammar, monkeypatch):
    built = tables.load(grammar)
    [stored] = cache_files(grammar)
    assert marshal.loads(stored.read_bytes()) == built
    monkeypatch.setattr(tables, "compile_grammar", lambda text: pytest.fail("rebuilt despite a valid cache"))
    assert tables.load(grammar) == built


def test_a_changed_grammar_is_rebuilt(grammar):
    tables.load(grammar)
    grammar.write_text(grammar.read_text() + "\n// a comment changes the text\n")
    assert tables.load(grammar)["grammar"].endswith("// a comment changes the text\n")
    assert len(cache_files(grammar)) == 2


@pytest.mark.parametrize("damage", [b"", b"not marshal data", marshal.dumps({"format": -1}), marshal.dumps([1])])
def test_a_damaged_cache_is_rebuilt(grammar, damage):
    tables.load(grammar)
    [stored] = cache_files(grammar)
    stored.write_bytes(damage)
    rebuilt = tables.load(grammar)  # Lark numbers its states differently from one build to the next
    assert rebuilt["grammar"] == grammar.read_text() and marshal.loads(stored.read_bytes()) == rebuilt


def test_an_unwritable_cache_only_costs_speed(grammar, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert tables.load(grammar)["start"].keys() == set(tables.START_SYMBOLS)


def test_without_a_home_the_cache_goes_to_the_temporary_folder(grammar, tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setattr(tables.Path, "home", lambda: (_ for _ in ()).throw(RuntimeError("no home")))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    tables.load(grammar)
    assert list((tmp_path / "tmp" / "gradcli").glob("*.marshal"))


# gradcli.lang.tables reads these internals of Lark's LALR parser (pyproject.toml pins lark to the versions
# where they exist). Each path starts from Lark(...) or from one of its rules.
LARK_PARSER_INTERNALS = ("parser.lexer.scanner._mres", "parser.lexer.callback", "parser.lexer.ignore_types",
                         "parser.parser.parser.parse_table.states", "parser.parser.parser.parse_table.start_states",
                         "parser.parser.parser.parse_table.end_states", "rules", "terminals")
LARK_RULE_INTERNALS = ("options.empty_indices", "options.keep_all_tokens", "options.expand1",
                       "options.template_source", "alias", "origin.name", "expansion")


def missing_internals(root, paths):
    missing = []
    for path in paths:
        value = root
        for part in path.split("."):
            if not hasattr(value, part):
                missing.append(f"{path} (no '{part}')")
                break
            value = getattr(value, part)
    return missing


def test_lark_still_has_the_internals_tables_reads():
    import lark
    from lark import Lark

    parser = Lark('start: NAME "if" [NAME]\nNAME: /[a-z]+/\n%ignore " "', parser="lalr", lexer="basic",
                  maybe_placeholders=True)
    missing = missing_internals(parser, LARK_PARSER_INTERNALS) + missing_internals(parser.rules[0],
                                                                                   LARK_RULE_INTERNALS)
    assert not missing, (f"lark {lark.__version__} lacks internals that gradcli/lang/tables.py reads: {missing}; "
                         "adapt tables.py to this version or keep the pin in pyproject.toml")
    from lark.lexer import PatternStr  # noqa: F401  (both read by tables.py)
    from lark.parsers.lalr_analysis import Shift  # noqa: F401


def test_the_internals_check_names_what_is_missing():
    class Stub:
        parser = None

    assert missing_internals(Stub(), ["parser.lexer.scanner"]) == ["parser.lexer.scanner (no 'lexer')"]
