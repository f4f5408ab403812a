"""Uncaught errors as Python shows them, in the script's terms: only the script's frames, each with its
source line and a caret line under the failing expression, then the exception line (and hint lines)."""

from __future__ import annotations

import re

from gradcli.ansi import BOLD_CYAN, BOLD_RED, RED, RESET, YELLOW
from gradcli.lang.diagnostics import excerpt
from gradcli.runtime.interpreter import TRACE_ATTRIBUTE
from gradcli.runtime.sandbox.capabilities import attribute_names
from gradcli.runtime.sandbox.modules import language_module
from gradcli.runtime.scopes import FunctionScope
from gradcli.runtime.suggestions import SCRIPT_GLOBALS, name_candidates, suggestion

CAUSE_HEADER = "\nThe above exception was the direct cause of the following exception:\n\n"
CONTEXT_HEADER = "\nDuring handling of the above exception, another exception occurred:\n\n"
RECURSIVE_CUTOFF = 3  # as traceback.py: after 3 identical frames in a row, say how many more there were
# Patterns, compiled (and cached by re) when a report is first painted, not at every start.
CARET_LINE = r" +\^+"
WARNING_LINE = r"\S.*:\d+: \w*Warning: "
_UNBOUND = object()  # no prelude value: a name the script bound itself
PLAIN_LINES = ("Traceback (most recent call last):", "During handling of the above exception",
               "The above exception was the direct cause")


def exception_line(error, lines=()):
    """`RuntimeError: message`, as Python reports it: with its "Did you mean" for a misspelt name or
    attribute, drawn from the script's names (`lines`, its source), not gradcli's own frames. A library's own
    class, such as NumPy's _ArrayMemoryError, goes by the builtin it derives from: its module path means
    nothing to a script.
    A script's own exception class goes by its name, as Python names a __main__ class."""
    kind = type(error)
    if kind.__module__ not in ("builtins", "__main__") and not kind.__module__.startswith("gradcli."):
        kind = next(base for base in kind.__mro__ if base.__module__ == "builtins")
    name = kind.__qualname__
    try:
        message = str(error)
    except Exception:
        message = "<exception str() failed>"
    notes = "".join(f"{note}\n" for note in getattr(error, "__notes__", None) or ())
    suggested = _suggestion(error, lines)
    if suggested is not None:
        message += f". Did you mean: '{suggested}'?"
    return (f"{name}: {message}\n" if message else f"{name}\n") + notes


def _suggestion(error, lines):
    """Python's "Did you mean" for a misspelt name or attribute (gradcli.runtime.suggestions), or None."""
    if isinstance(error, NameError) and getattr(error, "_scope", None) is not None:
        scope = error._scope
        local_names = sorted(scope.local_names) if type(scope) is FunctionScope else ()
        return suggestion(error, name_candidates(local_names, _script_globals(scope.module(), lines)))
    if isinstance(error, AttributeError) and getattr(error, "obj", None) is not None:
        return suggestion(error, [attribute_names(error.obj)])
    return None


def _script_globals(module_scope, lines):
    """The globals `python script.py` would hold: its module attributes and the names the script bound, not
    the names gradcli's prelude gives every script (torch's, torch and F) unless a line of the script imports
    them (`import torch`, `from torch import tensor`)."""
    torch = language_module("torch")
    prelude = {"torch": torch, "F": language_module("torch.nn.functional")}  # (prelude.modules_and_name)
    star_imported = set(torch.public_names())
    imported = {word for line in lines if "import" in line for word in re.findall(r"\w+", line)}
    variables = module_scope.variables  # (an unread name holds its prelude value)
    return [*SCRIPT_GLOBALS, *(name for name in module_scope.names() if name not in SCRIPT_GLOBALS and (
        name in imported or name in variables and variables[name] is not (
            prelude[name] if name in prelude else torch.member(name) if name in star_imported else _UNBOUND)))]


def format_traceback(error, filename, lines):
    """The whole report for an uncaught `error`, with the exceptions it was raised from or during."""
    blocks = []
    header = ""
    current = error
    while current is not None and len(blocks) < 100:
        blocks.append(_format_one(current, filename, lines) + header)
        if current.__cause__ is not None:
            current, header = current.__cause__, CAUSE_HEADER
        elif current.__context__ is not None and not current.__suppress_context__:
            current, header = current.__context__, CONTEXT_HEADER
        else:
            break
        if getattr(current, TRACE_ATTRIBUTE, None) is None:
            break  # raised and handled inside the engine: not part of the script's story
    return "".join(reversed(blocks))


def _format_one(error, filename, lines):
    entries = getattr(error, TRACE_ATTRIBUTE, None) or []
    text = "Traceback (most recent call last):\n" if entries else ""
    previous, repeats = None, 0
    for frame, span in reversed(entries):
        key = (span, frame.name)
        repeats = repeats + 1 if key == previous else 0
        previous = key
        if repeats >= RECURSIVE_CUTOFF:
            continue
        text += _repeated(repeats)
        text += f'  File "{filename}", line {span.line}, in {frame.name}\n'
        text += source_with_caret(lines, span)
    return text + _repeated(repeats) + exception_line(error, lines)


def _repeated(repeats):
    """Python's line for a frame repeated more than RECURSIVE_CUTOFF times in a row (deep recursion)."""
    hidden = repeats - RECURSIVE_CUTOFF + 1
    if hidden <= 0:
        return ""
    return f"  [Previous line repeated {hidden} more time{'s' if hidden > 1 else ''}]\n"


def source_with_caret(lines, span):
    """The span's first source line, stripped, and carets under the span's part of it."""
    if not 0 < span.line <= len(lines):
        return ""
    line = lines[span.line - 1]
    stripped = line.strip()
    if not stripped:
        return ""
    indent = len(line) - len(line.lstrip())
    start = span.col - indent
    end = (span.end_col if span.end_line == span.line else len(line.rstrip())) - indent
    start = max(0, min(start, len(stripped) - 1))
    end = max(start + 1, min(end, len(stripped)))
    stripped, start, end = excerpt(stripped, start, end)
    return f"    {stripped}\n    {' ' * start}{'^' * (end - start)}\n"


def paint(report):
    """The report coloured for a terminal: error lines and carets red, warnings yellow, `hint:` cyan."""
    painted = []
    for line in report.splitlines():
        if line.startswith("hint: "):
            line = f"{BOLD_CYAN}hint:{RESET}{line[5:]}"
        elif re.fullmatch(CARET_LINE, line):
            line = f"{RED}{line}{RESET}"
        elif re.match(WARNING_LINE, line):
            line = f"{YELLOW}{line}{RESET}"
        elif line and not line.startswith((" ", *PLAIN_LINES)):
            line = f"{BOLD_RED}{line}{RESET}"
        painted.append(line + "\n")
    return "".join(painted)
