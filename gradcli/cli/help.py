"""gradcli's help pages and usage errors, drawn with Rich's console, panels and tables in the look of Typer's.
Typer's own formatter (typer.rich_utils) imports, whatever it shows, Rich's Markdown (markdown-it and its
regular expressions), syntax highlighting (Pygments) and tracebacks: some 35 ms of the 124 ms --help took.
Help texts are shown as written, never read as Rich markup."""

import inspect

from rich.columns import Columns
from rich.console import Console
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

OPTION, SHORT_OPTION, TYPE, DIM = "bold cyan", "bold green", "bold yellow", "dim"
LONG_OPTION_NAME = r"(?<![\w-])--[A-Za-z][\w-]*"  # as written in help texts and messages: --at, --max-elements


def help_page(command, ctx):
    """The help of `command` (the app's group or one command): its usage and help text, then panels of its
    arguments, options and commands; coloured where Rich colours stdout (a terminal, NO_COLOR unset)."""
    console = Console(highlight=False)
    params = [param for param in command.get_params(ctx) if not param.hidden]
    with console.capture() as page:
        console.print(Padding(_usage(command, ctx), 1))
        if command.help:
            console.print(Padding(_prose("\n\n".join(_paragraphs(command.help))), (0, 1, 1, 1)))
        for title, kind in (("Arguments", "argument"), ("Options", "option")):
            shown = [param for param in params if param.param_type_name == kind]
            if shown:
                console.print(_panel(title, _parameters_table(shown, ctx)))
        if isinstance(command, TyperGroup):
            console.print(_panel("Commands", _commands_table(command, ctx)))
    return page.get()


def show_usage_error(error):
    """A usage error on stderr: the usage line, how to get help, and the message in a red panel."""
    console = Console(stderr=True, highlight=False)
    ctx = getattr(error, "ctx", None)  # errors other than usage errors have none
    if ctx is not None:
        console.print(_usage(ctx.command, ctx))
        if ctx.command.get_help_option(ctx) is not None:
            help_command = f"'{ctx.command_path} {ctx.help_option_names[0]}'"
            console.print(Text.assemble("Try ", (help_command, "blue"), " for help.", style=DIM))
    console.print(_panel("Error", _prose(error.format_message()), border="red"))


def _prose(text):
    """Help or message text as written, the options it names coloured as in the tables."""
    prose = Text(text)
    prose.highlight_regex(LONG_OPTION_NAME, OPTION)
    return prose


def _usage(command, ctx):
    return Text.assemble(("Usage: ", "yellow"), " ".join([ctx.command_path, *command.collect_usage_pieces(ctx)]),
                         style="bold")


def _paragraphs(text):
    """A docstring's paragraphs, each on one line (the table wraps them to the terminal)."""
    return [paragraph.replace("\n", " ").strip() for paragraph in inspect.cleandoc(text).split("\n\n")]


def _panel(title, content, border=DIM):
    return Panel(content, title=title, title_align="left", border_style=border)


def _table():
    return Table(box=None, show_header=False, expand=True, padding=(0, 1), pad_edge=False)


def _parameters_table(params, ctx):
    """A row per parameter: '*' if required (a column only when one is), its names (an option's long and
    short ones apart), its type and range (e.g. INTEGER [1<=x<=2]), its help, default and [required]."""
    table = _table()
    marked = any(param.required for param in params)
    for param in params:
        if param.param_type_name == "option":
            names = param.opts + param.secondary_opts
            name_cells = [Text(",".join(name for name in names if name.startswith("--")), OPTION),
                          Text(",".join(name for name in names if not name.startswith("--")), SHORT_OPTION)]
        else:
            name_cells = [Text(param.metavar or param.name.upper(), OPTION)]
        shown_type = " ".join(filter(None, [param.display_type_rich(ctx), _range_text(param)]))
        notes = [_prose("\n".join(_paragraphs(param.help or "")))]
        default = _default_text(param, ctx)
        if default:
            notes.append(Text(f"[default: {default}]", DIM))
        if param.required:
            notes.append(Text("[required]", "dim red"))
        # Columns keeps each note whole: "[default: float64]" on the help's line if all fits, else below it
        row = [*name_cells, Text(shown_type, TYPE), Columns([note for note in notes if note])]
        table.add_row(*([Text("*" if param.required else "", "red")] if marked else []), *row)
    return table


def _range_text(param):
    number_range = param._get_number_range_help_str()  # e.g. 1<=x<=2, or None
    return number_range and f"[{number_range}]"


def _default_text(param, ctx):
    """The default as Typer words it (an enum's value, a flag's nothing), where the parameter shows it: through
    the helpers Typer keeps for its own Rich formatter."""
    value = param._extract_default_help_str(ctx=ctx)
    shown_as_given = isinstance(param.show_default, str)
    if not shown_as_given and (value is None or not (param.show_default or ctx.show_default)):
        return ""
    return param._get_default_string(ctx=ctx, show_default_is_str=shown_as_given, default_value=value)


def _commands_table(group, ctx):
    """A row per visible command: its name and the first paragraph of its help."""
    table = _table()
    table.add_column(style=OPTION, no_wrap=True)
    table.add_column()
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if not command.hidden:
            table.add_row(Text(name), _prose(_paragraphs(command.short_help or command.help or "")[0]))
    return table
