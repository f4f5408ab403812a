"""The help pages and usage errors (gradcli.cli.help, issue 17): Typer's panels without typer.rich_utils, every
command listed, each parameter with its type, range, default and required mark, texts shown as written."""

from typing import Annotated

import typer
from typer.main import get_command
from typer.testing import CliRunner

from conftest import invoke, run_process
from gradcli.cli.shared import VerbatimCommand

USAGE = 2


def flat(page):
    """A page's words in order, without the panels' borders: each table row reads as one line would."""
    return " ".join(page.replace("│", " ").split())


def test_the_root_help_lists_every_command_with_its_summary():
    from gradcli.cli.app import COMMANDS, app

    page = invoke("--help").stdout
    assert "╭─ Options ─" in page and "╭─ Commands ─" in page
    commands = get_command(app).commands
    assert list(commands) == list(COMMANDS)
    for name, command in commands.items():
        assert f"{name} {flat(command.help)}" in flat(page)


def test_a_command_help_shows_arguments_options_types_ranges_defaults_and_required_marks():
    page = invoke("plot", "--help")
    assert page.exit_code == 0
    assert page.stdout.splitlines()[1].strip() == "Usage: gradcli plot [OPTIONS] {EXPR}"
    assert "╭─ Arguments ─" in page.stdout and "╭─ Options ─" in page.stdout
    shown = flat(page.stdout)
    for row in ["* EXPR An expression of the gradcli language, e.g. 'x**2 * sin(x)'. [required]",
                "* --range NAME=LOW:HIGH The variable along the x axis and its interval, e.g. x=-3:3. [required]",
                "--order INTEGER [1<=x<=2] Draw derivatives up to this order (1 or 2). [default: 1]",
                "--dtype float64|float32 Compute in this dtype (literals in EXPR too). [default: float64]",
                "--json Print the sampled series as one JSON object.",
                "--help -h Show this message and exit."]:
        assert row in shown
    repl = flat(invoke("repl", "-h").stdout)
    assert "--max-elements INTEGER [x>=1] Largest tensor (in elements)" in repl and "[default: 10000000]" in repl
    assert "*" not in repl  # nothing is required: no column of marks


def test_a_usage_error_shows_the_usage_the_way_to_help_and_the_message():
    for args, usage, message in [
        (["grd", "x"], "gradcli [OPTIONS] COMMAND [ARGS]...", "No such command 'grd'. Did you mean 'grad'?"),
        (["grad", "x", "--att", "1"], "gradcli grad [OPTIONS] {EXPR}", "No such option: --att (did you mean --at?)"),
        (["grad"], "gradcli grad [OPTIONS] {EXPR}", "Missing argument 'EXPR'."),
        (["repl", "--max-elements", "0"], "gradcli repl [OPTIONS]",
         "Invalid value for '--max-elements': '0' is not a whole number of at least 1"),
    ]:
        outcome = invoke(*args)
        assert (outcome.exit_code, outcome.stdout) == (USAGE, "")
        lines = outcome.stderr.splitlines()
        assert lines[:3] == [f"Usage: {usage}", f"Try '{usage.split(' [')[0]} -h' for help.", lines[2]]
        assert lines[2].startswith("╭─ Error ─") and lines[-1].startswith("╰─")
        assert flat(" ".join(lines[3:-1])) == message


def test_gradcli_alone_off_a_terminal_prints_the_help():
    alone, helped = invoke(), invoke("--help")
    assert (alone.exit_code, alone.stdout) == (USAGE, helped.stdout)


def test_help_texts_are_shown_as_written_not_as_rich_markup_and_hidden_options_not_at_all():
    def command(name: Annotated[str, typer.Option(help="[bold]stays[/bold] as typed")] = "[red]x[/red]",
                secret: Annotated[bool, typer.Option("--secret", hidden=True)] = False) -> None:
        """Brackets [italic]kept[/italic]."""

    app = typer.Typer()  # in Rich markup mode: the page is still gradcli.cli.help's
    app.command(cls=VerbatimCommand)(command)
    page = CliRunner().invoke(app, ["--help"]).stdout
    for text in ["Brackets [italic]kept[/italic].", "[bold]stays[/bold] as typed", "[default: [red]x[/red]]"]:
        assert text in page
    assert "--secret" not in page


def test_where_rich_colours_the_page_it_stays_coloured():
    """FORCE_COLOR makes Rich colour a pipe: click's echo, which prints the page, must not strip it."""
    page = run_process("grad", "-h", env={"FORCE_COLOR": "1", "NO_COLOR": ""}).stdout
    assert "\x1b[1;36m--at" in page
