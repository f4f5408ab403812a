"""The gradcli script language: grammar loading, parsing to a syntax tree, syntax diagnostics.

The parser (its tables, its lexer's patterns) loads at the first read of `parse` or `check_complete`: the
calculator reads most formulas without it (gradcli.calc.plain), and needs only the nodes."""

from gradcli.lang.diagnostics import ScriptSyntaxError
from gradcli.lazy import loaded_on_first_read

__all__ = ["ScriptSyntaxError", "check_complete", "parse"]
__getattr__ = loaded_on_first_read(__name__, names_of={"parser": ("check_complete", "parse")})
