"""The REPL's session, as a Python API (what `gradcli repl` runs): Session runs inputs and :commands and
restores the state a failed input changed (snapshot); interact() reads inputs from a reader until its end.

    import sys
    from gradcli.repl import PlainReader, Session, interact
    interact(Session(sys.stdout, sys.stderr, limits, views), PlainReader(sys.stdin))

`views` draws :vars and :graph (gradcli.cli.output has the terminal's). Nothing here imports Typer or Rich.
"""

from gradcli.repl.session import CONTINUATION_PROMPT, HELP, INDENT, PROMPT, PlainReader, Session, interact

__all__ = ["CONTINUATION_PROMPT", "HELP", "INDENT", "PROMPT", "PlainReader", "Session", "interact"]
