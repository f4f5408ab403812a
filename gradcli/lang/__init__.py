"""The gradcli script language: grammar loading, parsing to a syntax tree, syntax diagnostics."""

from gradcli.lang.diagnostics import ScriptSyntaxError
from gradcli.lang.parser import check_complete, parse

__all__ = ["ScriptSyntaxError", "check_complete", "parse"]
