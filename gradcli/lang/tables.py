"""The grammar compiled to plain data: Lark builds the LALR(1) parser from grammar/gradcli.lark once, and
what its lexer and parser run on is kept in the user's cache as a marshal file.

Loading Lark and its own cache costs some 60 ms, more than all the rest of a calculator command; this
data loads in about 1 ms and gradcli.lang.lalr runs it. The file holds the grammar's text and is rebuilt
when the text differs, so editing the grammar needs no step.
"""

from __future__ import annotations

import marshal
import os
import re
import zlib
from pathlib import Path

FORMAT = 2  # bump when the layout of the data below changes
START_SYMBOLS = ("file_input", "eval_input")


def load(grammar_file: Path) -> dict:
    """The compiled grammar: from the cache when it holds this grammar's text, else built and stored."""
    text = grammar_file.read_text(encoding="utf-8")
    cache = _cache_file(text)
    try:
        tables = marshal.loads(cache.read_bytes())
        if tables["format"] == FORMAT and tables["grammar"] == text:
            return tables
    except (OSError, EOFError, ValueError, TypeError, KeyError):
        pass  # missing, unreadable or from another grammar: build it again
    tables = compile_grammar(text)
    _store(cache, marshal.dumps(tables))
    return tables


def compile_grammar(text: str) -> dict:
    """What the lexer and parser of gradcli.lang.lalr need, read off a Lark LALR parser of `text`.

    - "lexer": the lexer's patterns, each terminal a named group in Lark's order of priority: of every
      terminal ("every_terminal"), and per ASCII character of only those that can start with it
      ("by_character"; "" for none), with their regex "flags";
      "keywords": for a terminal such as NAME, the words that are terminals of their own ("if" -> IF);
      "ignore": terminals that are matched and dropped (spaces, comments).
    - "states": per state, symbol -> action: a shift (or goto) to state `a` when `a >= 0`, else a
      reduction by rule `~a`. "start"/"end": each start symbol's first and accepting state.
    - "rules": per rule, (origin, length, builder method, whether a single child replaces it, the children
      kept as (index, spliced, Nones before it), Nones after them) — Lark's tree-shaping rules.
    - "literals": each terminal's fixed text, or None for a pattern (for syntax diagnostics).
    """
    from lark import Lark
    from lark.parsers.lalr_analysis import Shift

    parser = Lark(text, parser="lalr", lexer="basic", start=list(START_SYMBOLS), maybe_placeholders=True)
    lexer = parser.parser.lexer
    scanner = lexer.scanner  # Lark's own union of the terminals, in its priority order
    keywords = {}
    for name, callback in lexer.callback.items():  # Lark's UnlessCallback: keyword strings inside NAME
        words = callback.scanner.terminals
        if any(word.pattern.flags for word in words):
            raise ValueError(f"keywords with flags inside {name} are not supported")
        keywords[str(name)] = {str(word.pattern.value): str(word.name) for word in words}
    rule_numbers = {rule: number for number, rule in enumerate(parser.rules)}
    table = parser.parser.parser.parser.parse_table
    return {
        "format": FORMAT,
        "grammar": text,
        "lexer": lexer_patterns([(regex.pattern, regex.flags) for regex in scanner._mres]),
        "keywords": keywords,
        "ignore": sorted(map(str, lexer.ignore_types)),
        "states": [{str(symbol): (target if action is Shift else ~rule_numbers[target])
                    for symbol, (action, target) in table.states[state].items()}
                   for state in range(len(table.states))],
        "start": {str(start): state for start, state in table.start_states.items()},
        "end": {str(start): state for start, state in table.end_states.items()},
        "rules": [_rule_shape(rule) for rule in parser.rules],
        "literals": {str(terminal.name): _literal(terminal.pattern) for terminal in parser.terminals},
    }


def lexer_patterns(scanners):
    """The lexer's patterns (see compile_grammar) from Lark's scanners: its alternatives split apart, and
    for each ASCII character those that may start with it, read off the regex engine's parse of each."""
    flags = {flag for _, flag in scanners}
    if len(flags) != 1:
        raise ValueError("the lexer's scanners differ in their flags")
    flags = flags.pop()
    alternatives = [alternative for pattern, _ in scanners for alternative in _top_level_alternatives(pattern, flags)]
    starts = [_first_characters(alternative, flags) for alternative in alternatives]
    by_character = {chr(code): "|".join(alternative for alternative, first in zip(alternatives, starts)
                                        if first is None or chr(code) in first)
                    for code in range(128)}
    return {"flags": flags, "every_terminal": "|".join(alternatives), "by_character": by_character}


def _top_level_alternatives(pattern, flags):
    """The `(?P<NAME>...)` alternatives of a scanner's pattern, each as its own text."""
    parsed = re._parser.parse(pattern, flags)
    if len(parsed.data) != 1 or parsed.data[0][0] is not re._constants.BRANCH:
        return [pattern]
    # Split the text at the top-level bars (the parsed branches say how many there are).
    pieces, depth, start, escaped, in_class = [], 0, 0, False, False
    for index, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            pieces.append(pattern[start:index])
            start = index + 1
    pieces.append(pattern[start:])
    return pieces if len(pieces) == len(parsed.data[0][1][1]) else [pattern]


def _first_characters(pattern, flags):
    """The ASCII characters a match of `pattern` can start with (a superset), or None when that is not
    worked out: read off the regex engine's own parse of the pattern."""
    try:
        return _first_of(re._parser.parse(pattern, flags).data, flags)
    except Exception:  # an unforeseen construct: the pattern stays a candidate for every character
        return None


def _first_of(items, flags):
    """The first characters of a sequence: of its items up to the first one that cannot match empty text
    (None if every one can, or one is not worked out)."""
    found = set()
    for op, argument in items:
        first = _first_of_item(op, argument, flags)
        if first is None:
            return None
        found |= first
        if _subpattern([(op, argument)], flags).getwidth()[0] > 0:
            return found
    return None


def _first_of_item(op, argument, flags):
    const = re._constants
    if op is const.SUBPATTERN:
        _, add_flags, del_flags, inner = argument
        return _first_of(inner.data, (flags | add_flags) & ~del_flags)
    if op is const.BRANCH:
        firsts = [_first_of(branch.data, flags) for branch in argument[1]]
        return None if None in firsts else set().union(*firsts)
    if op in (const.MAX_REPEAT, const.MIN_REPEAT, const.POSSESSIVE_REPEAT):
        return _first_of(argument[2].data, flags)
    if op in (const.AT, const.ASSERT, const.ASSERT_NOT):
        return set()  # they match no character, only rule some out: leaving them out keeps a superset
    if op in (const.LITERAL, const.NOT_LITERAL, const.IN, const.ANY):  # one character: try every one
        single = re._compiler.compile(_subpattern([(op, argument)], flags), flags)
        return {chr(code) for code in range(128) if single.match(chr(code))}
    return None


def _subpattern(data, flags):
    state = re._parser.State()
    state.flags = flags
    return re._parser.SubPattern(state, data)


def _literal(pattern):
    from lark.lexer import PatternStr

    return str(pattern.value) if isinstance(pattern, PatternStr) else None


def _rule_shape(rule):
    """As Lark's ParseTreeBuilder shapes a rule's node with maybe_placeholders: anonymous tokens dropped
    (all kept under `!`), `_rule` children spliced in, a None for each absent `[optional]`."""
    options = rule.options
    if options.empty_indices:  # one flag per symbol of the full rule, True where an absent one stood
        runs = "".join("1" if absent else "0" for absent in options.empty_indices).split("0")
        nones_at = [len(run) for run in runs]
    else:
        nones_at = [0] * (len(rule.expansion) + 1)
    kept, nones = [], 0
    for index, symbol in enumerate(rule.expansion):
        nones += nones_at[index]
        if options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            kept.append((index, not symbol.is_term and symbol.name.startswith("_"), nones))
            nones = 0
    method = rule.alias or options.template_source or rule.origin.name
    return (str(rule.origin.name), len(rule.expansion), str(method), bool(options.expand1 and not rule.alias),
            tuple(kept), nones + nones_at[-1])


def _cache_file(text):
    """In the user's cache folder (XDG_CACHE_HOME, else ~/.cache; the temporary folder without a home)."""
    try:
        caches = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    except RuntimeError:
        import tempfile

        caches = Path(tempfile.gettempdir())
    return caches / "gradcli" / f"grammar-{FORMAT}-{zlib.crc32(text.encode()):08x}.marshal"


def _store(path, data):
    """Write atomically; a cache that cannot be written only costs the next start its speed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError:
        pass
