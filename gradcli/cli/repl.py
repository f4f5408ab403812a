"""`gradcli repl`: an interactive session (gradcli.repl), read by prompt_toolkit on a terminal
(gradcli.cli.terminal, imported only then) and line by line elsewhere. Only typer is imported here."""

import sys

import typer

from gradcli.cli.shared import MAX_ELEMENTS_OPTION, element_limit
from gradcli.exitcodes import EXIT_OK


def repl_command(max_elements: int = MAX_ELEMENTS_OPTION) -> None:
    """An interactive session: values print as in Python's REPL; an error leaves your state as it was."""
    from gradcli.cli.output import ReplViews
    from gradcli.repl import PlainReader, Session, interact
    from gradcli.runtime.sandbox.limits import Limits

    limits = Limits(max_elements=element_limit(max_elements))
    if sys.stdin.isatty() and sys.stdout.isatty():
        from gradcli.cli.terminal import TerminalReader

        session = Session(sys.stdout, sys.stderr, limits, ReplViews, load_later=True)
        reader = TerminalReader(session)
    else:
        session = Session(sys.stdout, sys.stderr, limits, ReplViews)
        reader = PlainReader(sys.stdin)
    interact(session, reader)
    raise typer.Exit(EXIT_OK)
