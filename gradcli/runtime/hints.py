"""Teaching hints: after an error line, `hint:` lines that point at the script line responsible."""

from __future__ import annotations

from gradcli.runtime.modules import IMPORTABLE


def hints_for(error, lines):
    """The hint lines (without the `hint: ` prefix) for an uncaught error."""
    if isinstance(error, ModuleNotFoundError):
        return [f"gradcli scripts can import {', '.join(IMPORTABLE[:-1])} and {IMPORTABLE[-1]}"]
    return []
