"""Problem-set files for `gradcli check`: TOML read and validated into ProblemSpecs.

Anything wrong with the file itself (unreadable, not TOML, a missing or misspelt key, a value of the wrong
type) is a FormatError: the whole run stops with exit code 2 and a message naming the line or the key.
What is wrong with one problem's mathematics (an answer that does not parse, an unknown variable, a wrong
shape) is found later, while grading, and only makes that problem an error.
"""

from __future__ import annotations

import difflib
import math
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, as a package
    import tomli as tomllib

from gradcli.grading.records import Record

DEFAULTS = {"tolerance": 1e-6, "abs_tolerance": 1e-12, "points": 10, "range": [-2.0, 2.0], "seed": 0}
REQUIRED = ("name", "f", "answer")
PROBLEM_KEYS = {*REQUIRED, *DEFAULTS, "vars", "at"}


class FormatError(Exception):
    """The file cannot be graded at all (exit code 2)."""


class ProblemSpec(Record):
    """One [[problem]] as written, its defaults filled in; `answer` is a string or {variable: string or
    numbers}, `ranges` {variable: (low, high)} for the variables given one, `shapes` {variable: shape}."""

    FIELDS = ("name", "f", "answer", "tolerance", "abs_tolerance", "points", "default_range", "seed", "ranges",
              "shapes", "at", "file")

    def __init__(self, name, f, answer, tolerance, abs_tolerance, points, default_range, seed, ranges=None,
                 shapes=None, at=None, file=""):
        self.name, self.f, self.answer = name, f, answer
        self.tolerance, self.abs_tolerance, self.points = tolerance, abs_tolerance, points
        self.default_range, self.seed = default_range, seed
        self.ranges = {} if ranges is None else ranges
        self.shapes = {} if shapes is None else shapes
        self.at = [] if at is None else at
        self.file = file


def load(path):
    """The ProblemSpecs of one file, in order; `-` is standard input."""
    return specs(read_toml(path), "<stdin>" if str(path) == "-" else str(path))


def read_toml(path):
    try:
        if str(path) == "-":
            return tomllib.loads(sys.stdin.buffer.read().decode("utf-8"))
        with open(path, "rb") as stream:
            return tomllib.load(stream)
    except OSError as error:
        raise FormatError(f"{path}: cannot read the file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:  # its message ends "(at line 3, column 7)"
        raise FormatError(f"{path}: not valid TOML: {error}") from None
    except UnicodeDecodeError as error:
        raise FormatError(f"{path}: not valid TOML: not UTF-8 (byte {error.object[error.start]:#04x} at offset "
                          f"{error.start})") from None


def specs(document, path, key_file=False):
    """The ProblemSpecs of a parsed document; in a key file (graded against submissions) answer may be None."""
    unknown = set(document) - {"defaults", "problem"}
    if unknown:
        raise FormatError(f"{path}: unknown top-level key '{sorted(unknown)[0]}' (expected [defaults] and [[problem]])")
    defaults = _table(document.get("defaults", {}), f"{path}: [defaults]")
    for key in defaults:
        if key not in DEFAULTS:
            raise FormatError(f"{path}: [defaults]: unknown key '{key}'{_did_you_mean(key, DEFAULTS)} "
                              f"(known: {', '.join(DEFAULTS)})")
    settings = {**DEFAULTS, **defaults}
    problems = document.get("problem")
    if not isinstance(problems, list) or not problems:
        raise FormatError(f"{path}: no problems: add at least one [[problem]] with name, f and answer")
    return [_problem(_table(table, f"{path}: [[problem]] #{number}"), settings, f"{path}: [[problem]] #{number}", path,
                     key_file) for number, table in enumerate(problems, 1)]


def _problem(table, settings, where, path, key_file):
    for key in table:  # first: a misspelt key is why a required one seems missing
        if key not in PROBLEM_KEYS:
            raise FormatError(f"{where}: unknown key '{key}'{_did_you_mean(key, PROBLEM_KEYS)} "
                              f"(known: {', '.join(sorted(PROBLEM_KEYS))})")
    for key in REQUIRED:
        if key not in table:
            raise FormatError(f"{where}: missing required key '{key}'")
    where = f"{path}: problem '{table['name']}'"
    merged = {**settings, **table}
    ranges = {}
    default_range = merged["range"]
    if isinstance(default_range, dict):  # a per-variable table; the others keep [defaults]'s range
        ranges = {name: _interval(value, f"{where}: range.{name}") for name, value in default_range.items()}
        default_range = settings["range"]
    return ProblemSpec(
        name=_string(table["name"], f"{where}: name"),
        f=_string(table["f"], f"{where}: f"),
        answer=None if key_file and table["answer"] is None else _answer(table["answer"], f"{where}: answer"),
        tolerance=_number(merged["tolerance"], f"{where}: tolerance", positive=True),
        abs_tolerance=_number(merged["abs_tolerance"], f"{where}: abs_tolerance"),
        points=_count(merged["points"], f"{where}: points", minimum=0 if merged.get("at") else 1),
        default_range=_interval(default_range, f"{where}: range"),
        seed=_count(merged["seed"], f"{where}: seed", minimum=0),
        ranges=ranges,
        shapes=_shapes(merged.get("vars", {}), f"{where}: vars"),
        at=[_table(point, f"{where}: at[{i}]") for i, point in enumerate(_list(merged.get("at", []), f"{where}: at"))],
        file=path,
    )


def _did_you_mean(key, known):
    near = difflib.get_close_matches(key, list(known), n=1)
    return f": did you mean '{near[0]}'?" if near else ""


def _answer(value, where):
    if isinstance(value, dict):
        return {name: _answer_part(part, f"{where}.{name}") for name, part in value.items()}
    return _answer_part(value, where)


def _answer_part(value, where):
    """An expression, or numbers (a number or a list) for the explicit points."""
    if isinstance(value, (str, int, float, list)) and not isinstance(value, bool):
        return value
    raise FormatError(f"{where}: expected an expression string or numbers, not {type(value).__name__}")


def _table(value, where):
    if not isinstance(value, dict):
        raise FormatError(f"{where}: expected a table, not {type(value).__name__}")
    return value


def _list(value, where):
    if not isinstance(value, list):
        raise FormatError(f"{where}: expected an array, not {type(value).__name__}")
    return value


def _string(value, where):
    if not isinstance(value, str) or not value.strip():
        raise FormatError(f"{where}: expected a non-empty string")
    return value


def _number(value, where, positive=False):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0 \
            or (positive and value == 0):
        raise FormatError(f"{where}: expected a {'positive' if positive else 'non-negative'} finite number, "
                          f"not {value!r}")
    return float(value)


def _count(value, where, minimum=1):
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise FormatError(f"{where}: expected an integer >= {minimum}, not {value!r}")
    return value


def _interval(value, where):
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)
            or not value[0] < value[1]):
        raise FormatError(f"{where}: expected [low, high] with finite low < high, not {value!r}")
    return float(value[0]), float(value[1])


def _shapes(value, where):
    """vars = ["x", "y"] (scalars) or vars = { w = [3], x = [] } (shapes) -> {variable: shape}."""
    if isinstance(value, list):
        if not all(isinstance(name, str) and name.isidentifier() for name in value):
            raise FormatError(f"{where}: expected variable names such as [\"x\", \"y\"], not {value!r}")
        return {name: () for name in value}
    return {name: _shape(shape, f"{where}.{name}") for name, shape in _table(value, where).items()}


def _shape(value, where):
    if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1
                                              for n in value):
        raise FormatError(f"{where}: expected a shape such as [3] or [2, 2], not {value!r}")
    return tuple(value)
